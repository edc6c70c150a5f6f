import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Film } from '@filmlist/shared/api/films';
import { messages } from '@filmlist/shared/messages';
import type { Database } from '../../db/connection.js';
import { films, users } from '../../db/schema.js';
import { notFound, unauthorized } from '../../lib/http-errors.js';
import type { FilmRow } from '../films/presenter.js';
import { filmsRepository } from '../films/repository.js';

const filmNotFound = () => notFound(messages.filmNotFound, 'film_not_found');

/** Changes to the ranking counters of one film (PRODUCT.md §4). */
export interface CounterDelta {
  notHeard?: number;
  heardNotRated?: number;
  ratingCount?: number;
  ratingSum?: number;
}

/**
 * Runs one vote (a mention, a rating or an edit) in a transaction that holds
 * the voter's row (FOR KEY SHARE) and then the film's row (FOR UPDATE). That
 * order matches account deletion (user row, then films), so the two never
 * deadlock; and every vote on a film applies one at a time, so the counters
 * stay exact. The ranked list is invalidated after the commit.
 */
export async function runVote<T>(
  app: FastifyInstance,
  userId: number,
  filmId: number,
  work: (tx: Database, film: FilmRow) => Promise<T>,
): Promise<T> {
  const result = await app.db.transaction(async (tx) => {
    const [voter] = await tx
      .select({ userId: users.userId })
      .from(users)
      .where(eq(users.userId, userId))
      .for('key share');
    if (!voter) throw unauthorized();
    const film = await filmsRepository(app.db).lockById(tx, filmId);
    if (!film) throw filmNotFound();
    return work(tx, film);
  });
  app.filmListCache.invalidate();
  return result;
}

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

/** The film for a read about one film, or 404. */
export async function findFilm(app: FastifyInstance, filmId: number): Promise<FilmRow> {
  const film = await filmsRepository(app.db).findById(filmId);
  if (!film) throw filmNotFound();
  return film;
}

/** The ranked list without the films whose ids the member's answers exclude. */
export async function rankedFilmsExcept(app: FastifyInstance, excluded: ReadonlySet<number>): Promise<{ films: Film[] }> {
  const list = await app.filmListCache.get();
  return { films: list.films.filter((film) => !excluded.has(film.film_id)) };
}
