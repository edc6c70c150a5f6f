import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '../../src/db/connection.js';
import { testDatabaseUrl } from './config.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * Creating a database is slow (about 4 s for PGlite), so each run migrates
 * one template and every test file clones it: a PGlite data-dir dump, or a
 * PostgreSQL database created WITH TEMPLATE.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Projects are named server:pglite and server:postgres (vitest.config.ts).
  const kind = project.name.endsWith('postgres') ? 'postgres' : 'pglite';
  const dir = mkdtempSync(path.join(tmpdir(), 'filmlist-test-'));
  if (kind === 'postgres') {
    const url = testDatabaseUrl;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the postgres project');
    const template = `filmlist_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const handle = await openDatabase({ databaseUrl: withDatabase(url, template), dataDir: dir });
    await handle.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteTemplate', '');
    return async () => {
      // Clones made by test files are dropped by their own teardown; the template goes last.
      const leftovers = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
        `filmlist_t_${process.pid}_%`,
      ]);
      for (const row of leftovers.rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const client = await PGlite.create();
  const handle = await openDatabase({ dataDir: dir, pglite: client });
  const dump = await client.dumpDataDir('none');
  await handle.close();
  await client.close();
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => {
    rmSync(dir, { recursive: true, force: true });
    return Promise.resolve();
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
