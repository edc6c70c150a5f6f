import { asc, desc, eq } from 'drizzle-orm';
import type { MyExport, MySubmission } from '@filmlist/shared/api/me';
import type { Database } from '../../db/connection.js';
import { films, mentions, submissions, users, watchClicks } from '../../db/schema.js';
import type { FilmRow } from '../films/presenter.js';
import { ratingsRepository } from '../ratings/repository.js';
import { watchlistRepository } from '../watchlist/repository.js';
import { livePendingEmail } from '../users/presenter.js';

const STATE = { pending: 'pending', approved: 'added', rejected: 'rejected' } as const;

const filmRef = (row: FilmRow) => ({ film_id: row.filmId, title: row.title, release_year: row.releaseYear, slug: row.slug });

/** A member's own records, as they see them (docs/product.md §Member screens, §Download my data). */
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
        note: s.note,
        note_named: s.noteNamed,
      }));
    },

    /**
     * Everything the site holds about the member (Australian Privacy Principle
     * 12): the account without its secrets, answers, ratings, submissions,
     * watch clicks and watchlist, each with the film it is about.
     */
    async export(userId: number, now: Date): Promise<MyExport | null> {
      const [account] = await db.select().from(users).where(eq(users.userId, userId));
      if (!account) return null;
      const film = { film_id: films.filmId, title: films.title, release_year: films.releaseYear, slug: films.slug };
      const [answers, rated, clicks, saved] = await Promise.all([
        db
          .select({ film, mentioned: mentions.mentioned, at: mentions.createdAt })
          .from(mentions)
          .innerJoin(films, eq(films.filmId, mentions.filmId))
          .where(eq(mentions.userId, userId))
          .orderBy(asc(mentions.createdAt)),
        ratingsRepository(db).listWithFilms(userId),
        db
          .select({ film, day: watchClicks.day })
          .from(watchClicks)
          .innerJoin(films, eq(films.filmId, watchClicks.filmId))
          .where(eq(watchClicks.userId, userId))
          .orderBy(asc(watchClicks.day)),
        watchlistRepository(db).listWithFilms(userId),
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
        ratings: rated.map((r) => ({
          film: filmRef(r.film),
          rating: r.rating,
          rated_at: r.ratedAt.toISOString(),
          updated_at: r.updatedAt.toISOString(),
        })),
        submissions: await this.submissions(userId),
        watch_clicks: clicks.map((c) => ({ film: c.film, day: c.day })),
        watchlist: saved.map((w) => ({ film: filmRef(w.film), added_at: w.addedAt.toISOString() })),
      };
    },
  };
}
