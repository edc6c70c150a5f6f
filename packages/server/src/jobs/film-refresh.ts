import type { FastifyBaseLogger } from 'fastify';
import { runPeriodically } from '../lib/periodic.js';
import { refreshFilmFacts, type RefreshDeps, type RefreshOutcome } from '../modules/film-facts/refresh.js';
import { filmFactsRepository } from '../modules/film-facts/repository.js';

const HOUR_MS = 3600_000;

/** A linked film's facts are read again once they are a week old (docs/product.md §Film database). */
export const FACTS_MAX_AGE_MS = 7 * 24 * HOUR_MS;
/**
 * After a try that did not complete, a film is tried again at the next hourly pass (a little less
 * than the interval, so the pass after the try is not missed), then after twice as long for each
 * further failure, up to a day. A claim left by a stopped instance lapses after the first wait.
 */
export const RETRY = { firstMs: 50 * 60_000, maxMs: 24 * HOUR_MS } as const;

export interface FilmRefreshOptions extends RefreshDeps {
  /** films per pass: a pass spends at most about twice this of the film database's request budget */
  batchSize?: number;
}

/** One pass: the films whose facts are due, each claimed so instances side by side take different ones. */
export async function refreshDueFilms(options: FilmRefreshOptions, shouldStop: () => boolean = () => false): Promise<RefreshOutcome[]> {
  if (!options.filmDatabase.client) return [];
  const now = options.clock.now();
  const due = await filmFactsRepository(options.db).claimDue(
    now,
    new Date(now.getTime() - FACTS_MAX_AGE_MS),
    RETRY,
    options.batchSize ?? 50,
  );
  const outcomes: RefreshOutcome[] = [];
  for (const { filmId } of due) {
    if (shouldStop()) break;
    const outcome = await refreshFilmFacts(options, filmId);
    outcomes.push(outcome);
    // The film database is down or the budget is spent: the rest wait for the next pass.
    if (outcome === 'unavailable') break;
  }
  return outcomes;
}

/**
 * Reads the facts of linked films again, weekly, and of new links the film
 * database could not answer at once: a pass at start and then hourly, on
 * every instance, only when the film database is on.
 */
export function startFilmRefresh(options: FilmRefreshOptions & { log: FastifyBaseLogger; intervalMs?: number }): { stop(): Promise<void> } {
  return runPeriodically(async (shouldStop) => {
    try {
      const outcomes = await refreshDueFilms(options, shouldStop);
      if (outcomes.length > 0) options.log.info({ outcomes }, 'film facts refreshed');
    } catch (error) {
      options.log.warn({ err: error }, 'film facts refresh failed; will retry');
    }
  }, options.intervalMs ?? HOUR_MS);
}
