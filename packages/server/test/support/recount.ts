import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/connection.js';
import { rowsOf } from '../../src/db/raw-rows.js';
import { RECOUNT_SQL } from '../../src/db/recount.js';
import { films } from '../../src/db/schema.js';

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

/** The counters recomputed from the vote tables (docs/product.md §Ranking counts, `db/recount.ts`), by id. */
export async function recountedCounters(app: { db: Database }): Promise<Counters[]> {
  return rowsOf(await app.db.execute(sql.raw(RECOUNT_SQL))).map((row) => ({
    filmId: Number(row.film_id),
    n: Number(row.n),
    h: Number(row.h),
    r: Number(row.r),
    s: Number(row.s),
  }));
}
