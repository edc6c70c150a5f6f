import type { AddedFilm, ListedFilm } from '@filmlist/shared/api/films';
import { filmScore } from '@filmlist/shared/score';
import type { films } from '../../db/schema.js';
import { filmPosterUrl } from '../posters/address.js';
import type { RankedIndex } from './ranked-index.js';

export type FilmRow = typeof films.$inferSelect;

/** What a film's list row shows from its facts (film_facts). */
export interface ListFacts {
  directors: string[];
  posterPath: string | null;
}

/** The columns of a film that its list row shows. */
export type ListedColumns = Pick<
  FilmRow,
  | 'filmId'
  | 'title'
  | 'releaseYear'
  | 'description'
  | 'watchLink'
  | 'slug'
  | 'notHeardCount'
  | 'heardNotRatedCount'
  | 'ratingCount'
  | 'ratingSum'
>;

/** A film with what its list row shows, as the films repository reads it; facts null for a film without any. */
export interface ListedFilmRow {
  film: ListedColumns;
  facts: ListFacts | null;
}

/** What leaves the server for a film: its list fields, slug, score and counts, and its row's facts; never internals. */
export function presentFilm({ film: row, facts }: ListedFilmRow): ListedFilm {
  return {
    film_id: row.filmId,
    title: row.title,
    release_year: row.releaseYear,
    description: row.description,
    watch_link: row.watchLink,
    slug: row.slug,
    score: filmScore({
      notHeard: row.notHeardCount,
      heardNotRated: row.heardNotRatedCount,
      ratingCount: row.ratingCount,
      ratingSum: row.ratingSum,
    }),
    n: row.notHeardCount,
    h: row.heardNotRatedCount,
    r: row.ratingCount,
    s: row.ratingSum,
    directors: facts?.directors ?? [],
    poster_url: filmPosterUrl({ filmId: row.filmId, title: row.title, releaseYear: row.releaseYear }, facts?.posterPath ?? null),
  };
}

/**
 * A film as the ranked list shows it, with its rank and when it was added (to
 * a watchlist, or to the list). Null in the moment before the ranked list
 * holds a film just added on another instance: the caller leaves it out.
 */
export function presentAddedFilm(index: RankedIndex, filmId: number, addedAt: Date): AddedFilm | null {
  const ranked = index.byId(filmId);
  return ranked ? { ...ranked.film, rank: ranked.rank, added_at: addedAt.toISOString() } : null;
}
