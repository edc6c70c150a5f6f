import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import type { FilmDatabase } from '../film-database/film-database.js';
import { FilmDatabaseUnavailable } from '../film-database/tmdb-http.js';
import { extractFacts } from './extract.js';
import { filmFactsRepository } from './repository.js';

export interface RefreshDeps {
  db: Database;
  filmDatabase: FilmDatabase;
  clock: Clock;
  /** called when a film's stored facts changed (the ranked list shows its directors) */
  onChange: () => void;
}

export type RefreshOutcome =
  /** the facts were read and stored, and the poster is stored */
  | 'refreshed'
  /** the facts were read and stored, but the poster could not be stored; the job tries again soon */
  | 'poster-unavailable'
  /** the film has no link, or the film database is off */
  | 'not-linked'
  /** the film database has no such entry (any more) */
  | 'unknown-entry'
  /** the film database could not answer, or had only a stale stored answer; the job tries again soon */
  | 'unavailable'
  /** a reviewer changed the link while it was read */
  | 'relinked';

/**
 * Reads a linked film's facts from the film database and stores them
 * (docs/product.md §Film database). `refetch` asks the film database even
 * when its stored answer is fresh: a reviewer's edit does.
 */
export async function refreshFilmFacts(deps: RefreshDeps, filmId: number, options: { refetch?: boolean } = {}): Promise<RefreshOutcome> {
  const { client, config } = deps.filmDatabase;
  const facts = filmFactsRepository(deps.db);
  const row = await facts.findByFilm(filmId);
  if (!client || row?.tmdbId === null || row?.tmdbId === undefined) return 'not-linked';
  let movie;
  try {
    // A stale stored answer is no refresh: the film is tried again soon rather than in a week.
    movie = await client.movie(row.tmdbId, { refetch: options.refetch ?? false, fresh: true });
  } catch (error) {
    if (!(error instanceof FilmDatabaseUnavailable)) throw error;
    await facts.refreshFailed(filmId, row.tmdbId, deps.clock.now());
    return 'unavailable';
  }
  if (!movie) {
    await facts.markRefreshed(filmId, deps.clock.now());
    return 'unknown-entry';
  }
  // The poster is fetched once and shown once it is stored; until then, or if it cannot be had, the
  // film keeps the poster it has (generated, or an earlier one) (docs/product.md §Posters).
  const path = movie.poster_path ?? null;
  const posterStored = path === null || path === row.posterPath || (await deps.filmDatabase.posters.storeFromAnswer(path));
  const stored = await facts.store(
    filmId,
    row.tmdbId,
    extractFacts(movie, config.watchRegion),
    { posterPath: posterStored ? path : undefined, complete: posterStored },
    deps.clock.now(),
  );
  if (!stored) return 'relinked';
  deps.onChange();
  return posterStored ? 'refreshed' : 'poster-unavailable';
}

/**
 * After a link is made or a linked film is edited: the facts are read once
 * the answer has gone, so the reviewer never waits for the film database.
 * What fails here is tried again by the refresh job (jobs/film-refresh.ts).
 */
export function refreshInBackground(app: FastifyInstance, filmId: number, options: { refetch?: boolean } = {}): void {
  if (!app.filmDatabase.client) return;
  const deps = { db: app.db, filmDatabase: app.filmDatabase, clock: app.clock, onChange: () => app.filmListCache.invalidate() };
  app.background.run('film facts refresh', async () => {
    await refreshFilmFacts(deps, filmId, options);
  });
}
