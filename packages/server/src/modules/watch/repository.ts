import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connection.js';
import { rowsOf } from '../../db/raw-rows.js';
import { watchClicks } from '../../db/schema.js';

/** One click: a member's id, or a visitor's temporary id. */
export type Clicker = { userId: number } | { temporaryUserId: string };

/** The UTC calendar day of a moment, as PostgreSQL's date reads it. */
export const utcDay = (moment: Date): string => moment.toISOString().slice(0, 10);

export function watchRepository(db: Database) {
  return {
    /**
     * Stores the click unless this clicker already clicked this film on this
     * UTC day (a unique index decides). An unknown film raises the database's
     * foreign-key violation.
     */
    async recordClick(filmId: number, clicker: Clicker, now: Date): Promise<void> {
      await db
        .insert(watchClicks)
        .values({ filmId, ...clicker, createdAt: now, day: utcDay(now) })
        .onConflictDoNothing();
    },

    /**
     * Moves up to `limit` raw clicks of days before `day` into the per-film
     * daily counts, visitor ids and member ids dropped; returns how many. One
     * statement: a click is counted exactly once, and SKIP LOCKED lets
     * several instances roll up side by side (taking the daily rows in one
     * order, so they cannot deadlock).
     */
    async rollUpBefore(day: string, limit: number): Promise<number> {
      const result = await db.execute(sql`
        WITH batch AS (
          SELECT click_id FROM watch_clicks WHERE day < ${day}::date
          ORDER BY click_id LIMIT ${limit} FOR UPDATE SKIP LOCKED
        ), moved AS (
          DELETE FROM watch_clicks AS w USING batch WHERE w.click_id = batch.click_id
          RETURNING w.film_id, w.day, w.temporary_user_id
        ), counted AS (
          INSERT INTO watch_click_days (film_id, day, visitor_clicks, member_clicks)
          SELECT film_id, day, count(temporary_user_id)::int, (count(*) - count(temporary_user_id))::int
          FROM moved GROUP BY film_id, day ORDER BY film_id, day
          ON CONFLICT (film_id, day) DO UPDATE SET
            visitor_clicks = watch_click_days.visitor_clicks + excluded.visitor_clicks,
            member_clicks = watch_click_days.member_clicks + excluded.member_clicks
        )
        SELECT count(*)::int AS moved FROM moved`);
      return Number(rowsOf(result)[0]?.moved ?? 0);
    },
  };
}

export type WatchRepository = ReturnType<typeof watchRepository>;
