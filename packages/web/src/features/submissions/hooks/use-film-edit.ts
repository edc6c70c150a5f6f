import { useState } from 'react';
import type { Film } from '@filmlist/shared/api/films';
import type { FilmFields } from '@filmlist/shared/film-rules';
import { messages } from '@filmlist/shared/messages';
import { useNavigate } from '../../../lib/router';
import { useRemoveFilm } from '../api/remove-film';
import { useUpdateFilm } from '../api/update-film';
import { isForbidden, problemFromError, trimmedFilm, validateFilmForm, type FormProblems } from '../utils/film-form';
import { filmPath } from '../../../lib/film-paths';

export type Working = 'save' | 'remove' | null;

export interface FilmEditInput extends FilmFields {
  watchLink: string;
  /** a note for the record */
  reason: string;
  confirmed: boolean;
  /** a changed film database link; absent: unchanged */
  tmdb_id?: number | null;
}

/**
 * A reviewer's two changes to a film (docs/product.md §Reviewer tools): save an edit, after
 * every add-film rule, then go to the film's page under its (maybe new) slug;
 * or remove it. A 403 says the member does not review.
 */
export function useFilmEdit(film: Film) {
  const navigate = useNavigate();
  const { mutateAsync: update } = useUpdateFilm();
  const { mutateAsync: remove } = useRemoveFilm();
  const [working, setWorking] = useState<Working>(null);
  const [problems, setProblems] = useState<FormProblems>([]);
  const [notReviewer, setNotReviewer] = useState(false);
  const [removed, setRemoved] = useState('');

  const refused = (error: unknown, fallback: string, explained: readonly number[]) => {
    if (isForbidden(error)) setNotReviewer(true);
    else setProblems([problemFromError(error, fallback, explained)]);
  };

  async function save(input: FilmEditInput) {
    if (working) return;
    const invalid = validateFilmForm(input);
    setProblems(invalid);
    if (invalid.length > 0) return;
    setWorking('save');
    try {
      const link = input.tmdb_id !== undefined ? { tmdb_id: input.tmdb_id } : {};
      const answer = await update({
        filmId: film.film_id,
        ...trimmedFilm(input),
        watchLink: input.watchLink.trim(),
        reason: input.reason,
        ...link,
      });
      navigate(filmPath(answer.film, true), { state: { film: answer.film, notice: answer.message } });
    } catch (error) {
      setWorking(null);
      refused(error, messages.updateFilmFailed, [400, 404, 409]);
    }
  }

  async function removeFilm(reason: string) {
    if (working) return;
    setProblems([]);
    setWorking('remove');
    try {
      setRemoved(await remove({ filmId: film.film_id, reason }));
    } catch (error) {
      refused(error, messages.removeFilmFailed, [400, 404]);
    }
    setWorking(null);
  }

  return { working, problems, notReviewer, removed, save, remove: removeFilm };
}
