import { posterAt, posterHeight } from '@filmlist/shared/poster-address';
import { filmDecoder, parseOrNull } from '../lib/decoders';
import { useLocation } from '../lib/router';

/** The film the list passed along in navigation state, if any. */
function passedFilm(state: unknown) {
  return typeof state === 'object' && state !== null && 'film' in state ? parseOrNull(filmDecoder, state.film) : null;
}

/** The row's poster, when the list passed one along (a ListedFilm); read without a decoder, to keep the entry small. */
function passedPoster(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('film' in state)) return null;
  const film = state.film;
  return typeof film === 'object' && film !== null && 'poster_url' in film && typeof film.poster_url === 'string' ? film.poster_url : null;
}

/**
 * What a film's page shows while its code loads (docs/product.md §Film page): opened from the list,
 * what the list knows of the film (its poster, title, year and logline), laid out as the page's head
 * (FilmHero) lays it out; otherwise "Loading...".
 */
export function FilmPagePreview() {
  const { state } = useLocation();
  const film = passedFilm(state);
  if (!film) return <p className="page-loading">Loading...</p>;
  const poster = passedPoster(state);
  return (
    <article className="film-details" aria-busy="true">
      {/* The back link's place (a line of its height, without a paragraph's margins), so nothing moves when the page comes. */}
      <span className="back-link" aria-hidden="true" />
      <header className="film-hero">
        {poster ? (
          <img className="film-poster" src={posterAt(poster, 342)} width={342} height={posterHeight(342)} alt="" />
        ) : (
          <span className="film-poster poster-empty" aria-hidden="true" />
        )}
        <div className="film-heading">
          <h1 dir="auto">{film.title}</h1>
          <dl className="film-meta">
            <dt className="visually-hidden">Year of Release</dt>
            <dd>{film.release_year}</dd>
          </dl>
        </div>
        <dl className="film-logline">
          <dt className="visually-hidden">Logline</dt>
          <dd dir="auto">{film.description}</dd>
        </dl>
      </header>
      <div className="film-layout">
        <div className="standing-panel standing-loading" aria-hidden="true" />
      </div>
    </article>
  );
}
