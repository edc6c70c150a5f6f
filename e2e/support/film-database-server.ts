import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeTmdb, type FakeTmdb } from '@filmlist/server/test/fake-tmdb';
import { builtEntry, startServer } from '@filmlist/server/test/server-process';
import type { RunServer } from './accounts.js';

/** A journey's own server with the film database on, and the fake TMDB it reads. */
export interface FilmDatabaseServer extends RunServer {
  /** the one fake of TMDB (packages/server/test/support/fake-tmdb.ts), on loopback */
  fake: FakeTmdb;
  stop(): Promise<void>;
}

/**
 * The fake TMDB with its fixtures on loopback, and the production build started as `npm start`
 * starts it (as e2e/global-setup.ts starts the run's server) with TMDB_API_TOKEN, TMDB_API_URL and
 * TMDB_IMAGE_URL pointing at it, on a fresh embedded database with the demo catalogue.
 * `reviewerEmail` is REVIEWERS.
 */
export async function startFilmDatabaseServer(reviewerEmail: string): Promise<FilmDatabaseServer> {
  const fake = await startFakeTmdb();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'filmlist-e2e-tmdb-'));
  try {
    const server = await startServer(
      { ...fake.env, DATA_DIR: dataDir, REVIEWERS: reviewerEmail, SEED_DEMO: 'true', LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1' },
      60_000,
      { built: true },
    );
    return {
      // The run's server is reached as localhost too (global-setup.ts).
      url: server.url.replace('127.0.0.1', 'localhost'),
      outbox: path.join(dataDir, 'outbox'),
      fake,
      stop: async () => {
        await server.stop();
        await fake.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`${builtEntry}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
