import { eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Film } from '@filmlist/shared/api/films';
import { messages } from '@filmlist/shared/messages';
import type { Database } from '../../db/connection.js';
import { films } from '../../db/schema.js';
import { isForeignKeyViolation } from '../../db/pg-errors.js';
import { rowsOf } from '../../db/raw-rows.js';
import { notFound, unauthorized } from '../../lib/http-errors.js';
import type { FilmRow } from '../films/presenter.js';
import { filmsRepository } from '../films/repository.js';

const filmNotFound = () => notFound(messages.filmNotFound, 'film_not_found');

function constraintOf(error: unknown): string {
  if (typeof error !== 'object' || error === null) return '';
  if ('constraint' in error && typeof error.constraint === 'string') return error.constraint;
  return 'cause' in error ? constraintOf(error.cause) : '';
}

/**
 * Runs a vote change that needs several statements (an edit) in a
 * transaction, and invalidates the ranked list after the commit. A foreign key
 * that finds no film answers 404, no member 401.
 */
export async function runVote<T>(app: FastifyInstance, work: (tx: Database) => Promise<T>): Promise<T> {
  try {
    const result = await app.db.transaction(work);
    app.filmListCache.invalidate();
    return result;
  } catch (error) {
    throw voteError(error);
  }
}

/** A foreign key of the vote row found no film (404) or no member (401). */
function voteError(error: unknown): unknown {
  if (!isForeignKeyViolation(error)) return error;
  return constraintOf(error).includes('film') ? filmNotFound() : unauthorized(messages.sessionExpired, 'invalid_token');
}

/**
 * Calls one of the vote functions of migration 0001 (record_mention,
 * record_rating): the vote and its counters in one round trip. Answers whether
 * the vote was new (false: the member had already voted).
 */
export async function castVote(app: FastifyInstance, call: SQL): Promise<boolean> {
  try {
    // One statement is its own transaction: no BEGIN and COMMIT round trips.
    const recorded = rowsOf(await app.db.execute(sql`SELECT ${call} AS recorded`))[0]?.recorded === true;
    if (recorded) app.filmListCache.invalidate();
    return recorded;
  } catch (error) {
    throw voteError(error);
  }
}

/** An edited rating moves S (the rating sum) by the difference; the UPDATE takes the film row's lock. */
export async function addToRatingSum(tx: Database, filmId: number, delta: number): Promise<void> {
  await tx
    .update(films)
    .set({ ratingSum: sql`${films.ratingSum} + ${delta}` })
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
