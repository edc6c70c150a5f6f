import type { Film } from '@filmlist/shared/api/films';
import { filteredOutNotice, messages, titlesContaining } from '@filmlist/shared/messages';
import { Link } from '../../../lib/router';
import type { ListFilter } from '../list-logic';
import { FilmCard } from './FilmCard';
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
  /** each film's rank on the whole list */
  ranks: ReadonlyMap<number, number>;
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
export function ListStatus({ noMatch, filteredOut, filter, member, query, containing, ranks, busy, onShowAll }: ListStatusProps) {
  return (
    <div className="search-status" role="status" aria-live="polite">
      {!busy && containing.length > 0 && <Containing query={query} films={containing} ranks={ranks} member={member} />}
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
 * §Search: the films whose titles contain the text anywhere (case, accents, punctuation and a leading article aside), each a card
 * (poster, title, year and rank) leading to its page: found films that look like films, before the no-match message.
 */
function Containing({
  query,
  films,
  ranks,
  member,
}: {
  query: string;
  films: readonly Film[];
  ranks: ReadonlyMap<number, number>;
  member: boolean;
}) {
  return (
    <section className="containing" aria-label={titlesContaining(query.trim())}>
      <h2>{titlesContaining(query.trim())}</h2>
      <ul className="containing-cards">
        {films.map((film) => (
          <li key={film.film_id}>
            <FilmCard film={film} rank={ranks.get(film.film_id)} member={member} />
          </li>
        ))}
      </ul>
    </section>
  );
}
