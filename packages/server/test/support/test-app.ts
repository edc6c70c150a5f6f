import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type AppOptions } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { openDatabase, type DatabaseHandle } from '../../src/db/connection.js';
import { ManualClock } from '../../src/lib/clock.js';
import { withDatabase } from './global-setup.js';
import { onPostgres, testDatabaseUrl } from './config.js';

/** The reviewers of the test configuration: REVIEWERS lists their addresses. */
export const TEST_REVIEWERS = ['rita', 'rex', 'ruth'] as const;
export const reviewerEmail = (username: string) => `${username}@reviewers.example.test`;

export interface TestDatabase {
  handle: DatabaseHandle;
  /** a postgres:// URL for tests that start their own server process */
  url: string | undefined;
  dispose(): Promise<void>;
}

/** A fresh database cloned from the run's migrated template. */
export async function openTestDatabase(dataDir: string): Promise<TestDatabase> {
  if (onPostgres) {
    const base = testDatabaseUrl ?? '';
    const name = `filmlist_t_${process.pid}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    await admin.end();
    const url = withDatabase(base, name);
    const handle = await openDatabase({ databaseUrl: url, dataDir });
    return {
      handle,
      url,
      dispose: async () => {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: base });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }
  // On its own thread, as the server runs it.
  const handle = await openDatabase({ dataDir, pgliteDump: readFileSync(inject('pgliteTemplate')) });
  return { handle, url: undefined, dispose: () => handle.close() };
}

export interface TestApp {
  app: FastifyInstance;
  /** the PostgreSQL URL of this app's database (undefined on PGlite) */
  databaseUrl: string | undefined;
  config: Config;
  clock: ManualClock;
  database: DatabaseHandle;
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  app?: Partial<AppOptions>;
  /** share this PostgreSQL database (another test app's) instead of cloning a new one */
  databaseUrl?: string;
  /** serve this open database (a migration test's own) instead of a clone; closed with the app */
  database?: DatabaseHandle;
  /** routes of the test's own, registered on the built app before it is ready */
  routes?: FastifyPluginAsync;
}

/** The real app on a real database, answered through Fastify's inject (real HTTP semantics, no socket). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'filmlist-app-'));
  const given = options.database;
  const database: TestDatabase = given
    ? { handle: given, url: undefined, dispose: () => given.close() }
    : options.databaseUrl
      ? await (async () => {
          const handle = await openDatabase({ databaseUrl: options.databaseUrl, dataDir });
          return { handle, url: options.databaseUrl, dispose: () => handle.close() };
        })()
      : await openTestDatabase(dataDir);
  const config = loadConfig({
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://films.test',
    REVIEWERS: TEST_REVIEWERS.map(reviewerEmail).join(','),
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    SEED_DEMO: 'false',
    ...options.env,
  });
  const clock = new ManualClock(new Date('2026-06-01T12:00:00Z'));
  const app = await buildApp({ config, database: database.handle, clock, ...options.app });
  if (options.routes) await app.register(options.routes);
  await app.ready();
  return {
    app,
    databaseUrl: database.url,
    config,
    clock,
    database: database.handle,
    dataDir,
    close: async () => {
      await app.close();
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The one setup of a test file (or a describe) that uses the app: a test app opened before its tests, on
 * the database of the project it runs in, and closed after them (after the file's own afterAll hooks).
 * Its fields are there from the first hook on; `options` may be a function, read when the app opens.
 */
export function useTestApp(options: TestAppOptions | (() => TestAppOptions) = {}): TestApp {
  let opened: TestApp | undefined;
  const current = (): TestApp => {
    if (!opened) throw new Error('the test app opens in beforeAll: use it inside a test or a hook');
    return opened;
  };
  beforeAll(async () => {
    opened = await createTestApp(typeof options === 'function' ? options() : options);
  });
  afterAll(async () => {
    await opened?.close();
    opened = undefined;
  });
  return {
    get app() {
      return current().app;
    },
    get databaseUrl() {
      return current().databaseUrl;
    },
    get config() {
      return current().config;
    },
    get clock() {
      return current().clock;
    },
    get database() {
      return current().database;
    },
    get dataDir() {
      return current().dataDir;
    },
    close: () => current().close(),
  };
}
