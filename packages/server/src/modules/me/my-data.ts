import { and, asc, desc, eq } from 'drizzle-orm';
import type { MyExport, MySubmission } from '@filmlist/shared/api/me';
import type { Database } from '../../db/connection.js';
import { films, mentions, ratings, submissions, users, watchClicks } from '../../db/schema.js';
import { livePendingEmail } from '../users/presenter.js';

const STATE = { pending: 'pending', approved: 'added', rejected: 'rejected' } as const;

/** A member's own records, as they see them (PRODUCT.md §11). */
export function myDataRepository(db: Database) {
  return {
    /** Newest first, each with what became of it and, once added, the film's page. */
    async submissions(userId: number): Promise<MySubmission[]> {
      const rows = await db
        .select({ submission: submissions, slug: films.slug })
        .from(submissions)
        .leftJoin(films, eq(films.filmId, submissions.filmId))
        .where(eq(submissions.userId, userId))
        .orderBy(desc(submissions.createdAt), desc(submissions.submissionId));
      return rows.map(({ submission: s, slug }) => ({
        submission_id: s.submissionId,
        title: s.title,
        release_year: s.releaseYear,
        description: s.description,
        submitted_at: s.createdAt.toISOString(),
        state: STATE[s.status],
        decided_at: s.reviewedAt?.toISOString() ?? null,
        reason: s.status === 'rejected' ? s.reason : null,
        film_slug: s.status === 'approved' ? slug : null,
      }));
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
     * Everything the site holds about the member (Australian Privacy Principle
     * 12): the account without its secrets, answers, ratings, submissions and
     * watch clicks, each with the film it is about.
     */
    async export(userId: number, now: Date): Promise<MyExport | null> {
      const [account] = await db.select().from(users).where(eq(users.userId, userId));
      if (!account) return null;
      const film = { film_id: films.filmId, title: films.title, release_year: films.releaseYear, slug: films.slug };
      const [answers, rated, clicks] = await Promise.all([
        db
          .select({ film, mentioned: mentions.mentioned, at: mentions.createdAt })
          .from(mentions)
          .innerJoin(films, eq(films.filmId, mentions.filmId))
          .where(eq(mentions.userId, userId))
          .orderBy(asc(mentions.createdAt)),
        db
          .select({ film, rating: ratings.rating, at: ratings.createdAt, updated: ratings.updatedAt })
          .from(ratings)
          .innerJoin(films, eq(films.filmId, ratings.filmId))
          .where(eq(ratings.userId, userId))
          .orderBy(asc(ratings.createdAt)),
        db
          .select({ film, day: watchClicks.day })
          .from(watchClicks)
          .innerJoin(films, eq(films.filmId, watchClicks.filmId))
          .where(eq(watchClicks.userId, userId))
          .orderBy(asc(watchClicks.day)),
      ]);
      return {
        exported_at: now.toISOString(),
        account: {
          user_id: account.userId,
          username: account.username,
          email: account.email,
          verified: account.verified,
          pending_email: livePendingEmail(account, now),
          created_at: account.createdAt.toISOString(),
        },
        mentions: answers.map((a) => ({ film: a.film, heard_before: a.mentioned, answered_at: a.at.toISOString() })),
        ratings: rated.map((r) => ({ film: r.film, rating: r.rating, rated_at: r.at.toISOString(), updated_at: r.updated.toISOString() })),
        submissions: await this.submissions(userId),
        watch_clicks: clicks.map((c) => ({ film: c.film, day: c.day })),
      };
    },
  };
}
