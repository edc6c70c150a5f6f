import { and, eq, inArray, isNotNull, lt, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { VERIFICATION_TTL_MS } from '@filmlist/shared/constants';
import type { Database } from '../db/connection.js';
import {
  emailTokens,
  filmDatabaseAnswers,
  filmFacts,
  outbox,
  posterFiles,
  refreshTokens,
  sessions,
  submissions,
  users,
} from '../db/schema.js';
import { utcDay, watchRepository } from '../modules/watch/repository.js';

const DAY_MS = 24 * 3600_000;

/** How long spent rows are kept (docs/deployment.md, "Housekeeping"). */
export const RETENTION = {
  /** Unverified accounts, counted from sign-up (docs/product.md §Sign-up and verification). */
  unverifiedAccountMs: VERIFICATION_TTL_MS,
  /** Sessions and their refresh tokens, counted from expiry or revocation: a month to look into a revocation. */
  endedSessionMs: 30 * DAY_MS,
  /** Verification and email-change links, counted from use or expiry. */
  spentEmailTokenMs: 7 * DAY_MS,
  /** Delivered mail, counted from delivery: the bodies hold sign-in links, so not long. */
  deliveredMailMs: DAY_MS,
  /** Raw watch clicks, with their visitor and member ids, before they become per-film daily counts. */
  rawWatchClickDays: 7,
  /** The film database's stored answers, counted from when they were fetched: stale ones answer while TMDB is down. */
  filmDatabaseAnswerMs: 30 * DAY_MS,
  /**
   * Film database posters no listed film or pending submission shows (a lookup's candidates,
   * replaced or unlinked posters), counted from when an answer last named them (decision 014).
   */
  unusedPosterMs: 7 * DAY_MS,
} as const;

/** One kind of spent row: removes up to `limit` of them as of `now`, and says how many it removed. */
export type PruneBatch = (db: Database, now: Date, limit: number) => Promise<number>;

const before = (now: Date, ms: number) => new Date(now.getTime() - ms);

const sessionEndedBefore = (cutoff: Date) => or(lt(sessions.expiresAt, cutoff), lt(sessions.revokedAt, cutoff));

/**
 * Deletes up to `limit` rows of `table` matching `where`, picked with FOR
 * UPDATE SKIP LOCKED: instances pruning at the same time take different rows
 * and never wait on each other or on a request holding one.
 */
async function deleteBatch(db: Database, table: PgTable, key: PgColumn, where: SQL | undefined, limit: number): Promise<number> {
  const doomed = db.select({ key }).from(table).where(where).limit(limit).for('update', { skipLocked: true });
  const gone = await db.delete(table).where(inArray(key, doomed)).returning({ key });
  return gone.length;
}

export const PRUNERS: Record<string, PruneBatch> = {
  /** Their email tokens go with them; an unverified account cannot sign in, so it has no votes or sessions. */
  unverifiedAccounts: (db, now, limit) =>
    deleteBatch(
      db,
      users,
      users.userId,
      and(eq(users.verified, false), lt(users.createdAt, before(now, RETENTION.unverifiedAccountMs))),
      limit,
    ),

  refreshTokensOfEndedSessions: async (db, now, limit) => {
    const doomed = db
      .select({ tokenHash: refreshTokens.tokenHash })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.sessionId, refreshTokens.sessionId))
      .where(sessionEndedBefore(before(now, RETENTION.endedSessionMs)))
      .limit(limit)
      .for('update', { of: refreshTokens, skipLocked: true });
    const gone = await db
      .delete(refreshTokens)
      .where(inArray(refreshTokens.tokenHash, doomed))
      .returning({ tokenHash: refreshTokens.tokenHash });
    return gone.length;
  },

  /** Only once their tokens are gone, so no delete cascades to more than its batch. */
  endedSessions: (db, now, limit) =>
    deleteBatch(
      db,
      sessions,
      sessions.sessionId,
      and(
        sessionEndedBefore(before(now, RETENTION.endedSessionMs)),
        notExists(db.select({ one: refreshTokens.sessionId }).from(refreshTokens).where(eq(refreshTokens.sessionId, sessions.sessionId))),
      ),
      limit,
    ),

  spentEmailTokens: (db, now, limit) => {
    const cutoff = before(now, RETENTION.spentEmailTokenMs);
    return deleteBatch(
      db,
      emailTokens,
      emailTokens.tokenHash,
      or(lt(emailTokens.usedAt, cutoff), lt(emailTokens.expiresAt, cutoff)),
      limit,
    );
  },

  deliveredMail: (db, now, limit) =>
    deleteBatch(
      db,
      outbox,
      outbox.messageId,
      and(isNotNull(outbox.sentAt), lt(outbox.sentAt, before(now, RETENTION.deliveredMailMs))),
      limit,
    ),

  rawWatchClicks: (db, now, limit) => watchRepository(db).rollUpBefore(utcDay(before(now, RETENTION.rawWatchClickDays * DAY_MS)), limit),

  filmDatabaseAnswers: (db, now, limit) =>
    deleteBatch(
      db,
      filmDatabaseAnswers,
      filmDatabaseAnswers.key,
      lt(filmDatabaseAnswers.fetchedAt, before(now, RETENTION.filmDatabaseAnswerMs)),
      limit,
    ),

  /**
   * A poster's re-encodings go with its file row. Kept: a listed film's poster, and the poster of
   * a pending submission's entry as its stored answer names it (the reviewer is shown it).
   */
  unusedPosters: (db, now, limit) =>
    deleteBatch(
      db,
      posterFiles,
      posterFiles.key,
      and(
        lt(posterFiles.seenAt, before(now, RETENTION.unusedPosterMs)),
        notExists(db.select({ one: filmFacts.filmId }).from(filmFacts).where(eq(filmFacts.posterPath, posterFiles.path))),
        notExists(
          db
            .select({ one: submissions.submissionId })
            .from(submissions)
            .innerJoin(filmDatabaseAnswers, eq(filmDatabaseAnswers.key, sql`'movie:' || ${submissions.tmdbId}`))
            .where(
              and(eq(submissions.status, 'pending'), sql`${filmDatabaseAnswers.body} -> 'answer' ->> 'poster_path' = ${posterFiles.path}`),
            ),
        ),
      ),
      limit,
    ),
};
