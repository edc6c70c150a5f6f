import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connection.js';
import { ratings } from '../../db/schema.js';

export type RatingRow = typeof ratings.$inferSelect;

const of = (userId: number, filmId: number) => and(eq(ratings.userId, userId), eq(ratings.filmId, filmId));

export function ratingsRepository(db: Database) {
  return {
    async find(userId: number, filmId: number, tx: Database = db): Promise<RatingRow | null> {
      const [row] = await tx.select().from(ratings).where(of(userId, filmId));
      return row ?? null;
    },

    /** The member's rating, locked for the rest of the transaction (an edit reads, then writes). */
    async findForUpdate(tx: Database, userId: number, filmId: number): Promise<RatingRow | null> {
      const [row] = await tx.select().from(ratings).where(of(userId, filmId)).for('update');
      return row ?? null;
    },

    /** SQL for the H counter: 1 while the member has not rated the film, else 0 (read in the caller's statement). */
    unratedBy(userId: number, filmId: number): SQL {
      return sql`(CASE WHEN EXISTS (SELECT 1 FROM ratings WHERE user_id = ${userId} AND film_id = ${filmId}) THEN 0 ELSE 1 END)`;
    },

    /** The member's first rating of the film; null when the film is already rated by them. */
    async insertFirst(
      tx: Database,
      vote: { userId: number; filmId: number; rating: number },
      now: Date,
    ): Promise<RatingRow | null> {
      const [row] = await tx
        .insert(ratings)
        .values({ ...vote, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: [ratings.userId, ratings.filmId] })
        .returning();
      return row ?? null;
    },

    async update(tx: Database, userId: number, filmId: number, rating: number, now: Date): Promise<RatingRow | null> {
      const [row] = await tx
        .update(ratings)
        .set({ rating, updatedAt: now })
        .where(of(userId, filmId))
        .returning();
      return row ?? null;
    },

    /** Every rating of one member, in one query. */
    listForUser(userId: number): Promise<{ filmId: number; rating: number }[]> {
      return db.select({ filmId: ratings.filmId, rating: ratings.rating }).from(ratings).where(eq(ratings.userId, userId));
    },
  };
}
