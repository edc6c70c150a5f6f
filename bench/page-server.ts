import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerProcess } from '../packages/server/src/test/server-process.js';
import { seedPageDatabase } from './page-seed.js';
import { createBenchDatabase, startBenchServer } from './setup.js';

const root = fileURLToPath(new URL('..', import.meta.url));

export { CHROME_FLAGS, CHROMIUM } from '../e2e/support/chromium.js';

/** The production build of the web app, as `npm start` serves it (BENCH_SKIP_BUILD=1 reuses packages/web/dist). */
export function buildWeb(): void {
  if (process.env.BENCH_SKIP_BUILD) return;
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: path.join(root, 'packages/web'),
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

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
