import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection.js';
import { mentions } from '../../db/schema.js';
import { voteFunction, type VoteOutcome, type VoterSession } from '../votes/vote-function.js';

export type MentionRow = typeof mentions.$inferSelect;

export function mentionsRepository(db: Database) {
  const recordMention = voteFunction(
    db,
    'record_mention',
    sql`record_mention(${sql.placeholder('userId')}, ${sql.placeholder('filmId')}, ${sql.placeholder('mentioned')}::boolean, ${sql.placeholder('now')}::timestamptz)`,
  );
  return {
    /**
     * The member's final answer and the film's N or H, in one statement with
     * the voter's session check (record_mention, migration 0004_lock_order). Refused: already answered.
     */
    record(voter: VoterSession, filmId: number, mentioned: boolean, now: Date): Promise<VoteOutcome> {
      return recordMention(voter, { filmId, mentioned, now: now.toISOString() });
    },

    async find(userId: number, filmId: number): Promise<MentionRow | null> {
      const [row] = await db
        .select()
        .from(mentions)
        .where(and(eq(mentions.userId, userId), eq(mentions.filmId, filmId)));
      return row ?? null;
    },

    /** Every answer of one member, in one query. */
    listForUser(userId: number): Promise<{ filmId: number; mentioned: boolean }[]> {
      return db.select({ filmId: mentions.filmId, mentioned: mentions.mentioned }).from(mentions).where(eq(mentions.userId, userId));
    },
  };
}
