import { sql } from 'drizzle-orm';
import type { Database } from '../db/connection.js';
import { films } from '../db/schema.js';

export interface Counters {
  filmId: number;
  n: number;
  h: number;
  r: number;
  s: number;
}

/** The counters as stored on each film row, by id. */
export async function storedCounters(app: { db: Database }): Promise<Counters[]> {
  const rows = await app.db
    .select({ filmId: films.filmId, n: films.notHeardCount, h: films.heardNotRatedCount, r: films.ratingCount, s: films.ratingSum })
    .from(films)
    .orderBy(films.filmId);
  return rows;
}

/**
 * The counters recomputed from the vote tables (PRODUCT.md §4), by id. The
 * outer column is written out as films.film_id: interpolated, drizzle would
 * leave it unqualified and it would bind to the subquery's own film_id.
 */
export async function recountedCounters(app: { db: Database }): Promise<Counters[]> {
  const rows = await app.db
    .select({
      filmId: films.filmId,
      n: sql<number>`(SELECT count(*) FROM mentions m WHERE m.film_id = films.film_id AND NOT m.mentioned)::int`,
      h: sql<number>`(SELECT count(*) FROM mentions m WHERE m.film_id = films.film_id AND m.mentioned
            AND NOT EXISTS (SELECT 1 FROM ratings r WHERE r.film_id = m.film_id AND r.user_id = m.user_id))::int`,
      r: sql<number>`(SELECT count(*) FROM ratings r WHERE r.film_id = films.film_id)::int`,
      s: sql<number>`(SELECT coalesce(sum(r.rating), 0) FROM ratings r WHERE r.film_id = films.film_id)::int`,
    })
    .from(films)
    .orderBy(films.filmId);
  return rows;
}
