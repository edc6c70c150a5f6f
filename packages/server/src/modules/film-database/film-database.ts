import type { FastifyBaseLogger } from 'fastify';
import type { FilmDatabaseConfig } from '../../config.js';
import type { Database } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import { PosterStore } from '../posters/store.js';
import { answerCache } from './answer-cache.js';
import { FilmDatabaseClient } from './client.js';
import { TMDB_HTTP_DEFAULTS, TmdbHttp, type TmdbHttpOptions } from './tmdb-http.js';

/** The film database as the app holds it (docs/product.md §Film database). */
export interface FilmDatabase {
  config: FilmDatabaseConfig;
  /** null without TMDB_API_TOKEN: the feature is off and films are typed by hand */
  client: FilmDatabaseClient | null;
  /** its posters, stored in our database and served from our origin (docs/product.md §Posters) */
  posters: PosterStore;
}

export function createFilmDatabase(
  config: FilmDatabaseConfig,
  db: Database,
  clock: Clock,
  log: FastifyBaseLogger,
  http: Partial<TmdbHttpOptions> = {},
): FilmDatabase {
  if (!config.token) return { config, client: null, posters: new PosterStore(db, null, clock, log) };
  const budget = { requests: config.requestsPerSecond, windowMs: 1000 };
  const transport = new TmdbHttp(config.token, log, { ...TMDB_HTTP_DEFAULTS, budget, ...http });
  const client = new FilmDatabaseClient(config, transport, answerCache(db), clock, log);
  return { config, client, posters: new PosterStore(db, client, clock, log) };
}
