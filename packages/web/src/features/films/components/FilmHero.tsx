import type { ReactNode } from 'react';
import type { Film, FilmFacts } from '@filmlist/shared/api/films';
import { PosterImage } from '../../../components/PosterImage';
import { differentOriginal, runtimeText, runtimeWords } from '../film-links';

interface FilmHeroProps {
  film: Pick<Film, 'title' | 'release_year' | 'description'>;
  /** null while not yet known: its 2:3 box is kept */
  posterUrl: string | null;
  directors: readonly string[];
  /** null while the film's facts load */
  facts: Pick<FilmFacts, 'runtime' | 'genres' | 'original_title'> | null;
  /** Watch Trailer and Watch Film */
  children: ReactNode;
}

/** The genres the hero names; Details names them only when there are more. */
export const HERO_GENRES = 3;

/**
 * The head of a film's page (docs/product.md §Film page): its poster beside the title, the year,
 * runtime and genres, the original title when it differs, who directed it, the logline and the
 * two watch buttons. Titles and names may be right-to-left: each is isolated.
 */
export function FilmHero({ film, posterUrl, directors, facts, children }: FilmHeroProps) {
  const runtime = runtimeText(facts?.runtime ?? null);
  const original = differentOriginal(film.title, facts?.original_title ?? null);
  const genres = facts?.genres.slice(0, HERO_GENRES) ?? [];
  return (
    <header className="film-hero">
      <PosterImage url={posterUrl} widths={[342, 185, 500]} sizes="(min-width: 60rem) 15rem, 7.5rem" className="film-poster" eager />
      <div className="film-heading">
        <h1 dir="auto">{film.title}</h1>
        <dl className="film-meta">
          <dt className="visually-hidden">Year of Release</dt>
          <dd>{film.release_year}</dd>
          {runtime && facts?.runtime != null && (
            <>
              <dt className="visually-hidden">Runtime</dt>
              <dd>
                <span aria-hidden="true">{runtime}</span>
                <span className="visually-hidden">{runtimeWords(facts.runtime)}</span>
              </dd>
            </>
          )}
          {genres.length > 0 && (
            <>
              <dt className="visually-hidden">Genres</dt>
              <dd>{genres.join(', ')}</dd>
            </>
          )}
        </dl>
        {original && (
          <p className="film-original">
            Original title: <bdi>{original}</bdi>
          </p>
        )}
        {directors.length > 0 && (
          <p className="film-directors">
            Directed by{' '}
            {directors.map((name, i) => (
              <span key={name}>
                {i > 0 && (i === directors.length - 1 ? ' and ' : ', ')}
                <bdi className="person">{name}</bdi>
              </span>
            ))}
          </p>
        )}
      </div>
      <dl className="film-logline">
        <dt className="visually-hidden">Logline</dt>
        <dd dir="auto">{film.description}</dd>
      </dl>
      <div className="film-watch actions">{children}</div>
    </header>
  );
}
