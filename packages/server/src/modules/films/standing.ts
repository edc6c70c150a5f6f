import { sql } from 'drizzle-orm';
import type { ListedFilm } from '@filmlist/shared/api/films';
import type { FilmStanding } from '@filmlist/shared/api/standing';
import { RATING_MAX, RATING_MIN } from '@filmlist/shared/constants';
import { filmScore } from '@filmlist/shared/score';
import type { Database } from '../../db/connection.js';
import { rowsOf } from '../../db/raw-rows.js';
import { perList, type RankedList } from './film-list-cache.js';

/**
 * The counters and the ratings per value of one film, in one statement (one
 * snapshot, so the bars add up to R): the film row by its key and its ratings
 * through ratings_film_idx. Null when the film is gone.
 */
async function countsOf(db: Database, filmId: number) {
  const rows = rowsOf(
    await db.execute(sql`SELECT f.not_heard_count AS n, f.heard_not_rated_count AS h, f.rating_count AS r, f.rating_sum AS s,
        v.rating, v.count
      FROM films f
      LEFT JOIN (SELECT rating, count(*)::int AS count FROM ratings WHERE film_id = ${filmId} GROUP BY rating) v ON true
      WHERE f.film_id = ${filmId}`),
  );
  const [first] = rows;
  if (!first) return null;
  const bars = new Map<number, number>();
  for (const row of rows) if (row.rating !== null) bars.set(Number(row.rating), Number(row.count));
  return { n: Number(first.n), h: Number(first.h), r: Number(first.r), s: Number(first.s), bars };
}

async function loadStanding(db: Database, film: ListedFilm, rank: number, films: number): Promise<FilmStanding | null> {
  const counts = await countsOf(db, film.film_id);
  if (!counts) return null;
  const { n, h, r, s } = counts;
  const answers = n + h + r;
  const ratingsByValue = [];
  for (let rating = RATING_MIN; rating <= RATING_MAX; rating++) ratingsByValue.push({ rating, count: counts.bars.get(rating) ?? 0 });
  return {
    film_id: film.film_id,
    slug: film.slug,
    rank,
    films,
    score: filmScore({ notHeard: n, heardNotRated: h, ratingCount: r, ratingSum: s }),
    N: n,
    H: h,
    R: r,
    S: s,
    answers,
    not_heard_share: answers > 0 ? n / answers : null,
    average_rating: r > 0 ? s / r : null,
    ratings_by_value: ratingsByValue,
  };
}

// One standing per film per ranked list: a vote makes a new list, and with it new standings.
const standingsOf = perList(() => new Map<number, Promise<FilmStanding | null>>());

/**
 * The standing of a film the list holds at `rank`: read from the database
 * once per list, then served from memory until the next write anywhere.
 */
export function standingOf(db: Database, list: RankedList, film: ListedFilm, rank: number): Promise<FilmStanding | null> {
  const byFilm = standingsOf(list);
  let standing = byFilm.get(film.film_id);
  if (!standing) {
    standing = loadStanding(db, film, rank, list.films.length);
    byFilm.set(film.film_id, standing);
    standing.catch(() => byFilm.delete(film.film_id));
  }
  return standing;
}
