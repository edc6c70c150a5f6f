import { stringify } from 'csv-stringify/sync';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/connection.js';
import { filmFacts, ratings, watchlist } from '../../db/schema.js';
import type { FilmRow } from '../films/presenter.js';

/**
 * Letterboxd's import format (docs/product.md §Letterboxd export): a header
 * row, then one film a row. Letterboxd matches a film exactly by its tmdbID or
 * imdbID, where the film database link gives them, and otherwise by its title
 * and year. A title a spreadsheet would run as a formula (one starting with =,
 * +, -, @, a tab or a carriage return) gets a leading apostrophe, as OWASP
 * advises (docs/decisions/011-watchlist.md), and one holding a ";", the list
 * separator of many locales' spreadsheets, is quoted, so no cell begins after it.
 */
function letterboxdCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return stringify([[...header], ...rows.map((row) => [...row])], {
    escape_formulas: true,
    quoted_match: ';',
    record_delimiter: 'windows',
  });
}

/** A film's entries in the film database, as its facts keep them; empty where it has none. */
export interface FilmLinks {
  tmdbId: number | null;
  imdbId: string | null;
}
export type LinksByFilm = ReadonlyMap<number, FilmLinks>;

/** The film database's ids of the films on a member's watchlist, or that they rated: one query, whatever their number. */
export async function linksOfMember(db: Database, userId: number, of: 'watchlist' | 'ratings'): Promise<LinksByFilm> {
  const mine =
    of === 'watchlist'
      ? db.select({ filmId: watchlist.filmId }).from(watchlist).where(eq(watchlist.userId, userId))
      : db.select({ filmId: ratings.filmId }).from(ratings).where(eq(ratings.userId, userId));
  const rows = await db
    .select({ filmId: filmFacts.filmId, tmdbId: filmFacts.tmdbId, imdbId: filmFacts.imdbId })
    .from(filmFacts)
    .where(inArray(filmFacts.filmId, mine));
  return new Map(rows.map(({ filmId, tmdbId, imdbId }) => [filmId, { tmdbId, imdbId }]));
}

const idsOf = (film: FilmRow, links: LinksByFilm): [string | number, string] => {
  const link = links.get(film.filmId);
  return [link?.tmdbId ?? '', link?.imdbId ?? ''];
};

/** The watchlist: Title, Year and the ids, no rating and no watched date (importing it marks nothing as watched). */
export function watchlistCsv(films: ReadonlyArray<{ film: FilmRow }>, links: LinksByFilm): string {
  return letterboxdCsv(
    ['Title', 'Year', 'tmdbID', 'imdbID'],
    films.map(({ film }) => [film.title, film.releaseYear, ...idsOf(film, links)]),
  );
}

/**
 * The member's ratings: Rating10 is our 1 to 10 as it is. WatchedDate is in the header and left empty: we know
 * when a film was rated, not when it was watched, and Letterboxd makes a diary entry of every row with a date
 * (docs/product.md §Letterboxd export).
 */
export function ratingsCsv(rated: ReadonlyArray<{ film: FilmRow; rating: number }>, links: LinksByFilm): string {
  return letterboxdCsv(
    ['Title', 'Year', 'Rating10', 'tmdbID', 'imdbID', 'WatchedDate'],
    rated.map(({ film, rating }) => [film.title, film.releaseYear, rating, ...idsOf(film, links), '']),
  );
}
