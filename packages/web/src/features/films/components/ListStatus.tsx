import type { Film } from '@filmlist/shared/api/films';
import { filteredOutNotice, messages, titlesContaining } from '@filmlist/shared/messages';
import { Link } from '../../../lib/router';
import { filmPath } from '../../../lib/film-paths';
import type { ListFilter } from '../list-logic';
import { FILTER_LABELS } from './ListControls';

interface ListStatusProps {
  /** nothing on the whole list matches the search */
  noMatch: boolean;
  /** films that match the search but not the filter */
  filteredOut: number;
  filter: ListFilter;
  member: boolean;
  /** the search as typed, and the films whose titles contain it, when the title rule finds few */
  query: string;
  containing: readonly Film[];
  /** a vote is being processed: the list says so instead */
  busy: boolean;
  onShowAll: () => void;
}

const [beforeLink, afterLink] = messages.searchNoMatch.split('adding the film');

/**
 * What a search found nothing for, in a polite live region. The no-match
 * message is for a real no-match ("adding the film" links to /addfilm, which asks a visitor to log in
 * first); a film the filter leaves out is said to be on the list (docs/product.md §Search).
 */
export function ListStatus({ noMatch, filteredOut, filter, member, query, containing, busy, onShowAll }: ListStatusProps) {
  return (
    <div className="search-status" role="status" aria-live="polite">
      {!busy && containing.length > 0 && <Containing query={query} films={containing} member={member} />}
      {busy ? null : noMatch ? (
        // After titles that contain the text, the message is the quieter way on: the film may be there already.
        afterLink !== undefined ? (
          <p className={containing.length > 0 ? 'search-none quiet' : 'search-none'}>
            {beforeLink}
            <Link to="/addfilm">adding the film</Link>
            {afterLink}
          </p>
        ) : (
          <p>{messages.searchNoMatch}</p>
        )
      ) : filteredOut > 0 ? (
        <p>
          {filteredOutNotice(filteredOut, FILTER_LABELS[filter])}{' '}
          <button type="button" className="link-button" onClick={onShowAll}>
            {messages.showAllFilms}
          </button>
        </p>
      ) : null}
    </div>
  );
}

/**
 * §Search: the films whose titles contain the text anywhere (case, accents, punctuation and a leading article aside), each a link to its
 * page.
 */
function Containing({ query, films, member }: { query: string; films: readonly Film[]; member: boolean }) {
  return (
    <section className="containing" aria-label={titlesContaining(query.trim())}>
      <h2>{titlesContaining(query.trim())}</h2>
      <ul>
        {films.map((film) => (
          <li key={film.film_id}>
            <Link to={filmPath(film, member)} state={{ film, fromList: true }}>
              <bdi>{film.title}</bdi>
            </Link>{' '}
            <span className="containing-year">({film.release_year})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
