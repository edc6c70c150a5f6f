import type { ServerProcess } from '@filmlist/server/test/server-process';
import { seedPageDatabase } from './page-seed.js';
import { createBenchDatabase, startBenchServer } from './setup.js';

export { CHROME_FLAGS, CHROMIUM } from '../e2e/support/config.js';

export interface PageServer {
  server: ServerProcess;
  stop(): Promise<void>;
}

/**
 * The real server (PGlite, or PostgreSQL with BENCH_DATABASE_URL) on a database
 * seeded through bulk SQL with `films` films and votes, its ranked list
 * warmed by one request so the page gets the cached answer a visitor would.
 */
export async function startPageServer(films: number): Promise<PageServer> {
  const database = await createBenchDatabase(`page${films}`);
  try {
    await database.use((db) => seedPageDatabase(db, films));
    const server = await startBenchServer(database);
    const warm = await fetch(`${server.url}/api/films/allfilms`, { headers: { 'accept-encoding': 'br' } });
    if (!warm.ok) throw new Error(`allfilms answered ${warm.status}`);
    await warm.arrayBuffer();
    return {
      server,
      async stop() {
        await server.stop();
        await database.drop();
      },
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}
