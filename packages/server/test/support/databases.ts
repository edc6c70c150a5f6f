import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { withDatabase } from './global-setup.js';
import { testDatabaseUrl } from './config.js';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * An empty database of its own on TEST_DATABASE_URL's server, for a server
 * process to migrate at start. Named like the clones of test-app.ts, so the
 * run's teardown drops it if the test could not.
 */
export async function emptyPostgresDatabase(): Promise<ScratchDatabase> {
  const base = testDatabaseUrl;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `filmlist_t_${process.pid}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(base, name),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
