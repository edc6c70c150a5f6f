import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { normalizeTitle } from '@filmlist/shared/film-rules';
import type { Database } from '../../db/connection.js';
import { submissions, users } from '../../db/schema.js';

export type SubmissionRow = typeof submissions.$inferSelect;
export type SubmissionWithUser = SubmissionRow & { username: string | null };

/**
 * The same film as the list knows it: case-insensitive title, whitespace and
 * dashes alike (the reviewer link turns "Spider-Man" into "Spider Man"), and year.
 */
function sameFilm(title: string, releaseYear: number): SQL | undefined {
  return and(
    sql`replace(lower(${submissions.title}), ' ', '-') = replace(lower(${normalizeTitle(title)}), ' ', '-')`,
    eq(submissions.releaseYear, releaseYear),
  );
}

const pending = eq(submissions.status, 'pending');

export interface NewSubmission {
  title: string;
  releaseYear: number;
  description: string;
  userId: number;
}

export interface Decision {
  reviewedBy: number;
  now: Date;
}

export function submissionsRepository(db: Database) {
  return {
    /** A pending submission of this film by any member. */
    async findPendingFilm(title: string, releaseYear: number, tx: Database = db): Promise<SubmissionRow | null> {
      const [row] = await tx
        .select()
        .from(submissions)
        .where(and(pending, sameFilm(title, releaseYear)))
        .limit(1);
      return row ?? null;
    },

    async countPendingByUser(userId: number, tx: Database = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(submissions)
        .where(and(pending, eq(submissions.userId, userId)));
      return row?.n ?? 0;
    },

    /** A duplicate pending film raises the partial unique index's violation. */
    async insert(tx: Database, values: NewSubmission, now: Date): Promise<SubmissionRow> {
      const [row] = await tx
        .insert(submissions)
        .values({ ...values, status: 'pending', createdAt: now })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** The review queue: oldest first, with the submitter's current username. */
    listPending(): Promise<SubmissionWithUser[]> {
      return db
        .select({
          submissionId: submissions.submissionId,
          title: submissions.title,
          releaseYear: submissions.releaseYear,
          description: submissions.description,
          userId: submissions.userId,
          status: submissions.status,
          reason: submissions.reason,
          reviewedBy: submissions.reviewedBy,
          reviewedAt: submissions.reviewedAt,
          filmId: submissions.filmId,
          createdAt: submissions.createdAt,
          username: users.username,
        })
        .from(submissions)
        .leftJoin(users, eq(users.userId, submissions.userId))
        .where(pending)
        .orderBy(asc(submissions.createdAt), asc(submissions.submissionId));
    },

    /**
     * The pending submission a decision is about, locked until the decision
     * commits. Without a submitter, any pending submission of the film.
     */
    async lockPendingMatch(tx: Database, title: string, releaseYear: number, userId: number | null): Promise<SubmissionRow | null> {
      const [row] = await tx
        .select()
        .from(submissions)
        .where(and(pending, sameFilm(title, releaseYear), userId === null ? undefined : eq(submissions.userId, userId)))
        .orderBy(asc(submissions.submissionId))
        .limit(1)
        .for('update');
      return row ?? null;
    },

    /** Whether this member's submission of this film was rejected (and none of theirs for it waits). */
    async wasRejected(tx: Database, title: string, releaseYear: number, userId: number): Promise<boolean> {
      const [row] = await tx
        .select({ submissionId: submissions.submissionId })
        .from(submissions)
        .where(and(eq(submissions.status, 'rejected'), sameFilm(title, releaseYear), eq(submissions.userId, userId)))
        .limit(1);
      return row !== undefined;
    },

    async approve(tx: Database, submissionId: number, filmId: number, decision: Decision): Promise<void> {
      await tx
        .update(submissions)
        .set({ status: 'approved', filmId, reviewedBy: decision.reviewedBy, reviewedAt: decision.now })
        .where(eq(submissions.submissionId, submissionId));
    },

    async reject(tx: Database, submissionId: number, reason: string | null, decision: Decision): Promise<void> {
      await tx
        .update(submissions)
        .set({ status: 'rejected', reason, reviewedBy: decision.reviewedBy, reviewedAt: decision.now })
        .where(eq(submissions.submissionId, submissionId));
    },

    /** Verified accounts holding one of these (lower-cased) usernames. */
    /** The accounts holding the reviewer role (modules/auth/roles.ts): verified, with one of these addresses. */
    async reviewerContacts(addresses: Iterable<string>, tx: Database = db): Promise<{ username: string; email: string }[]> {
      const keys = [...addresses];
      if (keys.length === 0) return [];
      return tx
        .select({ username: users.username, email: users.email })
        .from(users)
        .where(and(eq(users.verified, true), inArray(sql`lower(btrim(${users.email}))`, keys)))
        .orderBy(asc(users.userId));
    },
  };
}

export type SubmissionsRepository = ReturnType<typeof submissionsRepository>;
