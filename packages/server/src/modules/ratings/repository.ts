import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection.js';
import { ratings } from '../../db/schema.js';
import { voteFunction } from '../votes/vote-function.js';

export type RatingRow = typeof ratings.$inferSelect;

const of = (userId: number, filmId: number) => and(eq(ratings.userId, userId), eq(ratings.filmId, filmId));

export function ratingsRepository(db: Database) {
  return {
    /**
     * A first rating and the film's R, S and H, in one statement (record_rating,
     * migration 0004_lock_order). False: already rated.
     */
    record(userId: number, filmId: number, rating: number, now: Date): Promise<boolean> {
      return voteFunction(db, sql`record_rating(${userId}, ${filmId}, ${rating}::smallint, ${now})`);
    },

    /** A changed rating and the film's S, in one statement (edit_rating). False: not rated yet. */
    edit(userId: number, filmId: number, rating: number, now: Date): Promise<boolean> {
      return voteFunction(db, sql`edit_rating(${userId}, ${filmId}, ${rating}::smallint, ${now})`);
    },

    async find(userId: number, filmId: number, tx: Database = db): Promise<RatingRow | null> {
      const [row] = await tx.select().from(ratings).where(of(userId, filmId));
      return row ?? null;
    },

    /** Every rating of one member, in one query. */
    listForUser(userId: number): Promise<{ filmId: number; rating: number }[]> {
      return db.select({ filmId: ratings.filmId, rating: ratings.rating }).from(ratings).where(eq(ratings.userId, userId));
    },
  };
}
