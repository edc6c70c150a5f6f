import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connection.js';
import { mentions } from '../../db/schema.js';

export type MentionRow = typeof mentions.$inferSelect;

export function mentionsRepository(db: Database) {
  return {
    async find(userId: number, filmId: number): Promise<MentionRow | null> {
      const [row] = await db
        .select()
        .from(mentions)
        .where(and(eq(mentions.userId, userId), eq(mentions.filmId, filmId)));
      return row ?? null;
    },

    /** The member's first answer for the film; null when one is already stored (the answer is final). */
    async insertFirst(
      tx: Database,
      answer: { userId: number; filmId: number; mentioned: boolean },
      now: Date,
    ): Promise<MentionRow | null> {
      const [row] = await tx
        .insert(mentions)
        .values({ ...answer, createdAt: now })
        .onConflictDoNothing({ target: [mentions.userId, mentions.filmId] })
        .returning();
      return row ?? null;
    },

    /** SQL for the H counter when the member rates: -1 if they had answered "heard before", else 0. */
    heardBeforeDelta(userId: number, filmId: number): SQL {
      return sql`(CASE WHEN EXISTS (SELECT 1 FROM mentions WHERE user_id = ${userId} AND film_id = ${filmId} AND mentioned) THEN -1 ELSE 0 END)`;
    },

    /** Every answer of one member, in one query. */
    listForUser(userId: number): Promise<{ filmId: number; mentioned: boolean }[]> {
      return db
        .select({ filmId: mentions.filmId, mentioned: mentions.mentioned })
        .from(mentions)
        .where(eq(mentions.userId, userId));
    },
  };
}
