import type { Film } from '@filmlist/shared/api/films';
import { filmScore } from '@filmlist/shared/score';
import type { films } from '../../db/schema.js';

export type FilmRow = typeof films.$inferSelect;

/** What leaves the server for a film: the spec's fields, slug and score, never internals. */
export function presentFilm(row: FilmRow): Film {
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
  };
}
