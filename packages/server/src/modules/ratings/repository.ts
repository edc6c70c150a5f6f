import { and, eq } from 'drizzle-orm';
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
