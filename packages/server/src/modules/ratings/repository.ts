import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection.js';
import { films, ratings } from '../../db/schema.js';
import type { FilmRow } from '../films/presenter.js';
import { voteFunction, type VoteOutcome, type VoterSession } from '../votes/vote-function.js';

export type RatingRow = typeof ratings.$inferSelect;

const of = (userId: number, filmId: number) => and(eq(ratings.userId, userId), eq(ratings.filmId, filmId));

export function ratingsRepository(db: Database) {
  const recordRating = voteFunction(
    db,
    'record_rating',
    sql`record_rating(${sql.placeholder('userId')}, ${sql.placeholder('filmId')}, ${sql.placeholder('rating')}::smallint, ${sql.placeholder('now')}::timestamptz)`,
  );
  const editRating = voteFunction(
    db,
    'edit_rating',
    sql`edit_rating(${sql.placeholder('userId')}, ${sql.placeholder('filmId')}, ${sql.placeholder('rating')}::smallint, ${sql.placeholder('now')}::timestamptz)`,
  );
  return {
    /**
     * A first rating and the film's R, S and H, in one statement with the
     * voter's session check (record_rating, migration 0004_lock_order). Refused: already rated.
     */
    record(voter: VoterSession, filmId: number, rating: number, now: Date): Promise<VoteOutcome> {
      return recordRating(voter, { filmId, rating, now: now.toISOString() });
    },

    /** A changed rating and the film's S, in one statement with the session check (edit_rating). Refused: not rated yet. */
    edit(voter: VoterSession, filmId: number, rating: number, now: Date): Promise<VoteOutcome> {
      return editRating(voter, { filmId, rating, now: now.toISOString() });
    },

    async find(userId: number, filmId: number, tx: Database = db): Promise<RatingRow | null> {
      const [row] = await tx.select().from(ratings).where(of(userId, filmId));
      return row ?? null;
    },

    /** Every rating of one member with its film, oldest first (Download My Data, the Letterboxd export). */
    listWithFilms(userId: number): Promise<{ film: FilmRow; rating: number; ratedAt: Date; updatedAt: Date }[]> {
      return db
        .select({ film: films, rating: ratings.rating, ratedAt: ratings.createdAt, updatedAt: ratings.updatedAt })
        .from(ratings)
        .innerJoin(films, eq(films.filmId, ratings.filmId))
        .where(eq(ratings.userId, userId))
        .orderBy(asc(ratings.createdAt), asc(ratings.filmId));
    },

    /** Every rating of one member, in one query. */
    listForUser(userId: number): Promise<{ filmId: number; rating: number }[]> {
      return db.select({ filmId: ratings.filmId, rating: ratings.rating }).from(ratings).where(eq(ratings.userId, userId));
    },
  };
}
