import { eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Film } from '@filmlist/shared/api/films';
import { messages } from '@filmlist/shared/messages';
import type { Database } from '../../db/connection.js';
import { films } from '../../db/schema.js';
import { isForeignKeyViolation } from '../../db/pg-errors.js';
import { notFound, unauthorized } from '../../lib/http-errors.js';
import type { FilmRow } from '../films/presenter.js';
import { filmsRepository } from '../films/repository.js';

const filmNotFound = () => notFound(messages.filmNotFound, 'film_not_found');

/** Changes to the ranking counters of one film (PRODUCT.md §4). */
export interface CounterDelta {
  notHeard?: number;
  heardNotRated?: number | SQL;
  ratingCount?: number;
  ratingSum?: number;
}

function constraintOf(error: unknown): string {
  if (typeof error !== 'object' || error === null) return '';
  if ('constraint' in error && typeof error.constraint === 'string') return error.constraint;
  return 'cause' in error ? constraintOf(error.cause) : '';
}

/**
 * Runs one vote (a mention, a rating or an edit) in a transaction, and
 * invalidates the ranked list after the commit. The vote row is written first:
 * its foreign keys take the member's row lock (key share) and find an unknown
 * film (404) or a removed member (401). Account deletion locks the member's row
 * before any film, so the two never deadlock.
 */
export async function runVote<T>(app: FastifyInstance, work: (tx: Database) => Promise<T>): Promise<T> {
  try {
    const result = await app.db.transaction(work);
    app.filmListCache.invalidate();
    return result;
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      throw constraintOf(error).includes('film') ? filmNotFound() : unauthorized(messages.sessionExpired, 'invalid_token');
    }
    throw error;
  }
}

/**
 * Locks the film row for the rest of the transaction. A statement that starts
 * after it sees every vote on the film committed before, so a counter that
 * depends on the member's other answer (H) stays exact under concurrency.
 * NO KEY UPDATE (the lock an UPDATE of the counters takes anyway) serialises
 * votes on the film without conflicting with the key-share locks that other
 * voters' foreign keys hold on it.
 */
export async function lockFilm(tx: Database, filmId: number): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM films WHERE film_id = ${filmId} FOR NO KEY UPDATE`);
}

/** Changes the counters; each delta may be a number or SQL evaluated in the same statement. */
export async function adjustCounters(tx: Database, filmId: number, delta: CounterDelta): Promise<void> {
  await tx
    .update(films)
    .set({
      notHeardCount: sql`${films.notHeardCount} + ${delta.notHeard ?? 0}`,
      heardNotRatedCount: sql`${films.heardNotRatedCount} + ${delta.heardNotRated ?? 0}`,
      ratingCount: sql`${films.ratingCount} + ${delta.ratingCount ?? 0}`,
      ratingSum: sql`${films.ratingSum} + ${delta.ratingSum ?? 0}`,
    })
    .where(eq(films.filmId, filmId));
}

/**
 * The film for a read about one film, or 404. Inside a transaction pass it:
 * the embedded database has one connection, which the transaction holds.
 */
export async function findFilm(app: FastifyInstance, filmId: number, tx: Database = app.db): Promise<FilmRow> {
  const film = await filmsRepository(app.db).findById(filmId, tx);
  if (!film) throw filmNotFound();
  return film;
}

/** The ranked list without the films whose ids the member's answers exclude. */
export async function rankedFilmsExcept(app: FastifyInstance, excluded: ReadonlySet<number>): Promise<{ films: Film[] }> {
  const list = await app.filmListCache.get();
  return { films: list.films.filter((film) => !excluded.has(film.film_id)) };
}
