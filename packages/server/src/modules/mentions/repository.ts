import { and, eq } from 'drizzle-orm';
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

    /** Every answer of one member, in one query. */
    listForUser(userId: number): Promise<{ filmId: number; mentioned: boolean }[]> {
      return db
        .select({ filmId: mentions.filmId, mentioned: mentions.mentioned })
        .from(mentions)
        .where(eq(mentions.userId, userId));
    },
  };
}
