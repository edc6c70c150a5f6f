import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '../../src/db/connection.js';
import { openTestDatabase, type TestDatabase } from './test-app.js';
import { onPostgres } from './config.js';

/**
 * The database an operator's command (`npm run demo:clear`, `db:check-counters`)
 * works on, for a test that runs the command as a child process: the embedded
 * database in a DATA_DIR of its own, or a PostgreSQL clone when the run is on
 * PostgreSQL. `env` is what the command needs to find it.
 */
export interface CommandDatabase {
  dataDir: string;
  /** the PostgreSQL URL, when the run is on PostgreSQL */
  url: string | undefined;
  env: Record<string, string>;
  /** the database, open in this process for `work` only: the embedded one must be closed while a command runs */
  withDatabase<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T>;
  dispose(): Promise<void>;
}

export async function commandDatabase(prefix: string): Promise<CommandDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `filmlist-${prefix}-`));
  const postgres: TestDatabase | undefined = onPostgres ? await openTestDatabase(dataDir) : undefined;
  return {
    dataDir,
    url: postgres?.url,
    env: postgres ? { DATABASE_URL: postgres.url ?? '' } : { DATA_DIR: dataDir },
    async withDatabase(work) {
      if (postgres) return work(postgres.handle);
      const handle = await openDatabase({ dataDir });
      try {
        return await work(handle);
      } finally {
        await handle.close();
      }
    },
    async dispose() {
      await postgres?.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
