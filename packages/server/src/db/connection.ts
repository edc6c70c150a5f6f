import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzleOnThread, PgliteThread } from './pglite-thread.js';
import { createPostgresPool } from './postgres-pool.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** What repositories take: the database or a transaction, on either driver. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** True when the embedded database was created by this start. */
  fresh: boolean;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('../../migrations', import.meta.url));

/** Any fixed number shared by every instance: it serialises concurrent migrations. */
const MIGRATION_LOCK_KEY = 7_246_001;

export interface OpenOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** An already open embedded database, used on this thread (the test template is made so). */
  pglite?: PGlite;
  /** PostgreSQL: how long a query may run before it is reported (15 s; bulk jobs such as the bench's seeding need longer). */
  queryTimeoutMs?: number;
  /** A data-dir dump to start the embedded database from, on its own thread (tests clone the template so). */
  pgliteDump?: Uint8Array;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.queryTimeoutMs);
  return openPglite(options);
}

async function openPglite(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.pglite) return openPgliteHere(options.pglite);
  // Its own thread: a slow query must not stall the event loop and every request with it.
  const { thread, fresh } = await PgliteThread.start({
    migrationsFolder,
    ...(options.pgliteDump ? { dump: options.pgliteDump } : { dataDir: path.join(options.dataDir, 'db') }),
  });
  const db = drizzleOnThread(thread);
  return {
    db,
    kind: 'pglite',
    fresh,
    ping: async () => {
      await db.execute(sql`SELECT 1`);
    },
    close: () => thread.close(),
  };
}

async function openPgliteHere(client: PGlite): Promise<DatabaseHandle> {
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    fresh: false,
    ping: async () => {
      await client.query('SELECT 1');
    },
    // The caller opened it and closes it.
    close: () => Promise.resolve(),
  };
}

async function openPostgres(databaseUrl: string, queryTimeoutMs: number | undefined): Promise<DatabaseHandle> {
  const { pool, close } = createPostgresPool(databaseUrl, queryTimeoutMs === undefined ? {} : { queryTimeoutMs });
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
  const db = drizzlePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
    fresh: false,
    ping: async () => {
      await db.execute(sql`SELECT 1`);
    },
    close,
  };
}
