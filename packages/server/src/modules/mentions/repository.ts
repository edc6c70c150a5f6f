import { and, eq, sql } from 'drizzle-orm';
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

    /** Did the member answer "Yes, heard before" for the film? */
    async heardBefore(tx: Database, userId: number, filmId: number): Promise<boolean> {
      const [row] = await tx
        .select({ one: sql<number>`1` })
        .from(mentions)
        .where(and(eq(mentions.userId, userId), eq(mentions.filmId, filmId), eq(mentions.mentioned, true)));
      return row !== undefined;
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
