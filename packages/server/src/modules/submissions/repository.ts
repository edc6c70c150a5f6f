import { and, asc, count, eq, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connection.js';
import type { Config } from '../../config.js';
import { holdsReviewerRole } from '../auth/roles.js';
import { submissions, users } from '../../db/schema.js';
import { titleKeys } from '../../lib/identity.js';

export type SubmissionRow = typeof submissions.$inferSelect;
/** A submission as it is shown: its identity keys stay in the database. */
export type SubmissionFields = Omit<SubmissionRow, 'titleKey' | 'titleSkeleton'>;
export type SubmissionWithUser = SubmissionFields & { username: string | null };

/**
 * The same film as the list knows it: a title that folds alike or looks alike, whitespace and
 * dashes alike (the reviewer link turns "Spider-Man" into "Spider Man"), and the year (lib/identity.ts).
 */
function sameFilm(title: string, releaseYear: number): SQL | undefined {
  const keys = titleKeys(title);
  return and(
    or(eq(submissions.titleKey, keys.titleKey), eq(submissions.titleSkeleton, keys.titleSkeleton)),
    eq(submissions.releaseYear, releaseYear),
  );
}

const pending = eq(submissions.status, 'pending');

export interface NewSubmission {
  title: string;
  releaseYear: number;
  description: string;
  userId: number;
  tmdbId: number | null;
  /** "Why is it undervalued?" and whether the member may be named with it (docs/product.md §Recommendation note) */
  note: string | null;
  noteNamed: boolean;
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

    /** Which of these film database entries a pending submission names (the lookup marks them). */
    async pendingTmdbIds(tmdbIds: readonly number[]): Promise<Set<number>> {
      if (tmdbIds.length === 0) return new Set();
      const rows = await db
        .select({ tmdbId: submissions.tmdbId })
        .from(submissions)
        .where(and(pending, inArray(submissions.tmdbId, [...tmdbIds])));
      return new Set(rows.flatMap((row) => (row.tmdbId === null ? [] : [row.tmdbId])));
    },

    /**
     * A pending submission linked to this film database entry, by any member;
     * with `except`, one of another film than that title and year (those of
     * the same film are approved with it).
     */
    async findPendingByTmdbId(
      tmdbId: number,
      tx: Database = db,
      except?: { title: string; releaseYear: number },
    ): Promise<SubmissionRow | null> {
      const otherFilm = except ? not(sameFilm(except.title, except.releaseYear) ?? sql`false`) : undefined;
      const [row] = await tx
        .select()
        .from(submissions)
        .where(and(pending, eq(submissions.tmdbId, tmdbId), otherFilm))
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
        .values({ ...values, ...titleKeys(values.title), status: 'pending', createdAt: now })
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
          note: submissions.note,
          noteNamed: submissions.noteNamed,
          tmdbId: submissions.tmdbId,
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

    /** Every pending submission of this film, locked until the caller's decision commits. */
    lockPendingFilms(tx: Database, title: string, releaseYear: number): Promise<SubmissionRow[]> {
      return tx
        .select()
        .from(submissions)
        .where(and(pending, sameFilm(title, releaseYear)))
        .orderBy(asc(submissions.submissionId))
        .for('update');
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

    /**
     * Withdraws one of the member's pending submissions. 'missing' when there is
     * no such submission of theirs, 'decided' when a reviewer already decided it.
     */
    async withdraw(tx: Database, userId: number, submissionId: number): Promise<'withdrawn' | 'missing' | 'decided'> {
      const [row] = await tx
        .select({ status: submissions.status })
        .from(submissions)
        .where(and(eq(submissions.submissionId, submissionId), eq(submissions.userId, userId)))
        .for('update');
      if (!row) return 'missing';
      if (row.status !== 'pending') return 'decided';
      await tx.delete(submissions).where(eq(submissions.submissionId, submissionId));
      return 'withdrawn';
    },

    /**
     * Whether the member is named with their note (docs/product.md §Recommendation note), on one of
     * their own submissions; the film it was added as, if any, follows (films repository). Null
     * for a submission that is not theirs.
     */
    async setNoteNamed(tx: Database, userId: number, submissionId: number, named: boolean): Promise<{ filmId: number | null } | null> {
      const [row] = await tx
        .update(submissions)
        .set({ noteNamed: named })
        .where(and(eq(submissions.submissionId, submissionId), eq(submissions.userId, userId)))
        .returning({ filmId: submissions.filmId, status: submissions.status });
      if (!row) return null;
      return { filmId: row.status === 'approved' ? row.filmId : null };
    },

    /** A deleted account's pending submissions go with it; decided ones stay in the record. */
    async removePendingBy(tx: Database, userId: number): Promise<void> {
      await tx.delete(submissions).where(and(pending, eq(submissions.userId, userId)));
    },

    /**
     * The accounts holding the reviewer role, as holdsReviewerRole decides it (modules/auth/roles.ts). Stored
     * addresses are ASCII without spaces (shared/src/fields.ts), so lower() finds every address the role's
     * fold names: the index narrows, the one rule decides.
     */
    async reviewerContacts(config: Pick<Config, 'reviewers'>, tx: Database = db): Promise<{ username: string; email: string }[]> {
      const keys = [...config.reviewers];
      if (keys.length === 0) return [];
      const accounts = await tx
        .select({ username: users.username, email: users.email, verified: users.verified })
        .from(users)
        .where(inArray(sql`lower(${users.email})`, keys))
        .orderBy(asc(users.userId));
      return accounts.filter((account) => holdsReviewerRole(config, account)).map(({ username, email }) => ({ username, email }));
    },
  };
}

export type SubmissionsRepository = ReturnType<typeof submissionsRepository>;
