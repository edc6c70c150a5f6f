import type { FastifyInstance } from 'fastify';
import { messages } from '@filmlist/shared/messages';
import type { Database } from '../../db/connection.js';
import { isForeignKeyViolation } from '../../db/pg-errors.js';
import { retryConflicts } from '../../db/transaction.js';
import { notFound } from '../../lib/http-errors.js';
import { sessionEnded } from '../auth/guards.js';
import type { FilmRow } from '../films/presenter.js';
import { filmsRepository } from '../films/repository.js';
import type { VoteOutcome } from './vote-function.js';

const filmNotFound = () => notFound(messages.filmNotFound, 'film_not_found');

function constraintOf(error: unknown): string {
  if (typeof error !== 'object' || error === null) return '';
  if ('constraint' in error && typeof error.constraint === 'string') return error.constraint;
  return 'cause' in error ? constraintOf(error.cause) : '';
}

/** A foreign key of the vote row found no film (404) or no member (401). */
function voteError(error: unknown): unknown {
  if (!isForeignKeyViolation(error)) return error;
  return constraintOf(error).includes('film') ? filmNotFound() : sessionEnded();
}

/**
 * A vote write from a route: retried like any transaction on a deadlock, an
 * unknown film answered 404 and a member gone 401, and the ranked list
 * refreshed after a recorded vote (only its film is read again).
 */
export async function castVote(app: FastifyInstance, filmId: number, write: () => Promise<VoteOutcome>): Promise<VoteOutcome> {
  try {
    const outcome = await retryConflicts(write);
    if (outcome === 'recorded') app.filmListCache.invalidate(filmId);
    return outcome;
  } catch (error) {
    throw voteError(error);
  }
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
