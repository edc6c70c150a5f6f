import { aboutFilm } from '@filmlist/shared/messages';

/** Letters of the right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms). */
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe]/;

/**
 * A sentence with a film's title in it, the title isolated (<bdi>) so a right-to-left title does not
 * reorder the words around it: "Have you heard of وجدة before…" keeps its order. The sentence comes
 * whole from messages.ts; the title's first occurrence in it is wrapped. A title with no right-to-left
 * letter cannot reorder anything, so its sentence stays one piece of text.
 */
export function Isolated({ text, title }: TitledText) {
  const at = RIGHT_TO_LEFT.test(title) ? text.indexOf(title) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <bdi>{title}</bdi>
      {text.slice(at + title.length)}
    </>
  );
}

/** A sentence from messages.ts and the film title in it, kept together until <Isolated> shows them. */
export interface TitledText {
  text: string;
  title: string;
}

/** "Moon (2009): The Film has been added to The Film List.", with its title to isolate. */
export const aboutFilmText = (title: string, releaseYear: string | number, message: string): TitledText => ({
  text: aboutFilm(title, releaseYear, message),
  title,
});
