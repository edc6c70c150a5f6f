import type { Film } from '@filmlist/shared/api/films';
import { ratingOf, type Votes } from '../list-logic';
import { FilmRow, LoadingRow, type RowAction } from './FilmRow';

interface FilmTableProps {
  /** the films shown now; null while the list loads */
  films: Film[] | null;
  /** each film's place in the whole ranked list, and its length */
  ranks: ReadonlyMap<number, number>;
  total: number;
  member: boolean;
  userId: number | null;
  votes: Votes | null;
  /** the films on the member's watchlist; null while it loads (and for a visitor) */
  saved: ReadonlySet<number> | null;
  /** the film just voted on */
  highlighted: number | null;
  onOpen: (kind: RowAction, film: Film) => void;
  onSave: (film: Film, save: boolean) => void;
}

/** The rows a first screen may show, phone or desktop: their posters are asked for at once, the rest lazily. */
const FIRST_SCREEN_ROWS = 6;

/** docs/product.md §List rows: the list's columns, the member's two more than a visitor's; each row also shows its rank and standing. */
export function FilmTable({ films, ranks, total, member, userId, votes, saved, highlighted, onOpen, onSave }: FilmTableProps) {
  return (
    // With no row to show (a search found none), no bare column heads either; the table stays, so its rows are reused.
    <div className="table-wrap" hidden={films !== null && films.length === 0}>
      {/* The rank column is as wide as the list's longest rank (styles.css). */}
      <table className={member ? 'film-table member-table' : 'film-table'} data-rank-digits={String(total).length}>
        <caption className="visually-hidden">The Film List, most undervalued films first</caption>
        <thead>
          <tr>
            <th scope="col">Film Title</th>
            <th scope="col">Year of Release</th>
            <th scope="col">Logline</th>
            <th scope="col">Film Info</th>
            {member && <th scope="col">Heard of Before</th>}
            {member && <th scope="col">Score Film</th>}
            <th scope="col">Watch Film</th>
            <th scope="col">Share Film</th>
          </tr>
        </thead>
        <tbody>
          {films === null ? (
            <LoadingRow member={member} />
          ) : (
            films.map((film, position) => (
              <FilmRow
                // Keyed by position: when a keystroke or a filter brings other films, the rows
                // keep their elements and only their text and links change, which costs far less
                // than removing and creating every row. Rows hold no state of their own.
                key={position}
                film={film}
                rank={ranks.get(film.film_id) ?? position + 1}
                films={total}
                member={member}
                userId={userId}
                ready={votes !== null && userId !== null}
                heard={votes ? (votes.mentions[String(film.film_id)] ?? null) : null}
                rating={votes ? ratingOf(votes, film.film_id) : null}
                saved={saved ? saved.has(film.film_id) : null}
                highlighted={highlighted === film.film_id}
                firstScreen={position < FIRST_SCREEN_ROWS}
                onOpen={onOpen}
                onSave={onSave}
              />
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
