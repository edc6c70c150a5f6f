import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config.js';
import { migrationsFolder, openDatabase } from '../db/connection.js';
import { RECOUNT_SQL } from '../db/recount.js';
import { copyTable, describeTables, foreignKeyOrder, ident, occupied, rowCount, type Queryable } from './table-copy.js';

/**
 * `npm run db:move -- --from <DATA_DIR> --to <postgres url>`: copies the
 * embedded database into an empty PostgreSQL database, in one transaction,
 * and checks the copy before committing it. Both default to DATA_DIR and
 * DATABASE_URL. The embedded database itself is never written: the tool
 * works on a copy of its directory.
 */

/** A refusal or failure the user can act on; nothing was committed to the target. */
export class MoveError extends Error {}

export interface MoveOptions {
  /** the DATA_DIR whose db/ holds the embedded database */
  dataDir: string;
  /** the target: a postgres:// URL of an empty (or new, unmigrated) database */
  databaseUrl: string;
  /** rows per round trip */
  batchSize?: number;
}

export interface MoveSummary {
  source: string;
  target: string;
  /** in copy order: parents before the tables that refer to them */
  tables: { name: string; rows: number }[];
  filmsChecked: number;
  /** films whose stored counters differ from a recount of their votes (already so in the source) */
  counterDrift: number;
  ms: number;
}

/** The password of a URL never reaches the screen. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(invalid URL)';
  }
}

function describeError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return describeError(error.errors[0]);
  return error instanceof Error ? error.message : String(error);
}

const journalSchema = z.object({ entries: z.array(z.object({ tag: z.string() })) });

function knownMigrations(): number {
  return journalSchema.parse(JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'))).entries.length;
}

async function appliedMigrations(db: Queryable): Promise<number> {
  const exists = await db.query<{ present: boolean }>(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
  if (!exists.rows[0]?.present) return 0;
  const count = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
  return count.rows[0]?.n ?? 0;
}

const notEmpty = (target: string, found: string[]) =>
  new MoveError(
    `the PostgreSQL database ${target} is not empty (${found.join(', ')} rows). Moving needs a new, empty database; nothing was copied.`,
  );

interface Counters {
  film_id: number;
  n: number;
  h: number;
  r: number;
  s: number;
}

const storedCountersSql = `SELECT film_id, not_heard_count AS n, heard_not_rated_count AS h, rating_count AS r, rating_sum AS s
  FROM films ORDER BY film_id`;

/** docs/product.md §Ranking counts: N, H, R and S as the vote tables say they are. */
const sameCounters = (a: Counters, b: Counters | undefined) =>
  b !== undefined && a.film_id === b.film_id && a.n === b.n && a.h === b.h && a.r === b.r && a.s === b.s;

export async function moveToPostgres(options: MoveOptions): Promise<MoveSummary> {
  const started = performance.now();
  const batchSize = options.batchSize ?? 2000;
  const dbDir = path.join(options.dataDir, 'db');
  const target = redactUrl(options.databaseUrl);
  if (!existsSync(path.join(dbDir, 'PG_VERSION'))) {
    throw new MoveError(`there is no embedded database in ${dbDir} (--from names the DATA_DIR that holds db/)`);
  }
  if (existsSync(path.join(dbDir, 'postmaster.pid'))) {
    throw new MoveError(
      `the embedded database in ${dbDir} is open in a running server, or its last server did not shut down cleanly ` +
        '(db/postmaster.pid is present). Stop the server and try again; after a crash, start it and stop it once first.',
    );
  }

  // Work on a copy, so the embedded database is left exactly as it was whatever happens.
  const work = mkdtempSync(path.join(tmpdir(), 'filmlist-move-'));
  let source: PGlite | undefined;
  let client: pg.Client | undefined;
  try {
    client = new pg.Client({ connectionString: options.databaseUrl, connectionTimeoutMillis: 10_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
    } catch (error) {
      throw new MoveError(`cannot connect to the PostgreSQL database ${target}: ${describeError(error)}`);
    }
    const targetClient = client;
    // A first look, before any work: an occupied target is refused at once (and checked again under lock).
    const early = await occupied(
      targetClient,
      (await describeTables(targetClient)).map((t) => t.name),
    );
    if (early.length > 0) throw notEmpty(target, early);

    cpSync(dbDir, path.join(work, 'db'), { recursive: true });
    if (existsSync(path.join(work, 'db', 'postmaster.pid'))) {
      throw new MoveError(`the embedded database in ${dbDir} was opened while it was being read; stop the server and try again`);
    }
    source = await PGlite.create(path.join(work, 'db'));
    const known = knownMigrations();
    const sourceMigrations = await appliedMigrations(source);
    if (sourceMigrations > known) {
      throw new MoveError(
        `the embedded database was migrated by a newer version of The Film List (${sourceMigrations} migrations, this one knows ${known}); move it with that version`,
      );
    }
    // An older embedded database is brought up to date (on the copy), so both sides have one schema.
    const sourceHandle = await openDatabase({ dataDir: work, pglite: source });
    await sourceHandle.close();

    try {
      const targetHandle = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: work });
      await targetHandle.close();
    } catch (error) {
      throw new MoveError(`cannot open and migrate the PostgreSQL database ${target}: ${describeError(error)}`);
    }

    const tables = await foreignKeyOrder(targetClient, await describeTables(targetClient));
    const sourceTables = (await describeTables(source)).map((t) => `${t.name}(${t.columns.join(',')})`).sort();
    const targetTables = tables.map((t) => `${t.name}(${t.columns.join(',')})`).sort();
    if (sourceTables.join(' ') !== targetTables.join(' ')) {
      throw new MoveError(
        `the two databases have different tables after migrating both: embedded ${sourceTables.join(' ')}; PostgreSQL ${targetTables.join(' ')}`,
      );
    }

    const copied: { name: string; rows: number }[] = [];
    let filmsChecked = 0;
    let counterDrift = 0;
    await source.transaction(async (tx) => {
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      await targetClient.query('BEGIN');
      try {
        // Nobody else writes to the target until the copy is committed or rolled back.
        await targetClient.query(`LOCK TABLE ${tables.map((t) => ident(t.name)).join(', ')} IN ACCESS EXCLUSIVE MODE`);
        const found = await occupied(
          targetClient,
          tables.map((t) => t.name),
        );
        if (found.length > 0) throw notEmpty(target, found);

        for (const table of tables) copied.push({ name: table.name, rows: await copyTable(tx, targetClient, table, batchSize) });

        // New rows continue after the highest id copied.
        for (const table of tables) {
          for (const column of table.identity) {
            await targetClient.query(
              `SELECT setval(pg_get_serial_sequence($1, $2), coalesce((SELECT max(${ident(column)}) FROM ${ident(table.name)}), 0) + 1, false)`,
              [`public.${ident(table.name)}`, column],
            );
          }
        }

        // The check: every table holds as many rows as in the source, and the film counters are the same.
        const differences: string[] = [];
        for (const { name, rows } of copied) {
          const inSource = await rowCount(tx, name);
          const inTarget = await rowCount(targetClient, name);
          if (inSource !== rows || inTarget !== rows) differences.push(`${name}: ${inSource} in the embedded database, ${inTarget} copied`);
        }
        const sourceCounters = (await tx.query<Counters>(storedCountersSql)).rows;
        const targetCounters = (await targetClient.query<Counters>(storedCountersSql)).rows;
        const changed = sourceCounters.filter((c, i) => !sameCounters(c, targetCounters[i]));
        if (changed.length > 0 || sourceCounters.length !== targetCounters.length) {
          differences.push(`film counters differ for ${changed.length || Math.abs(sourceCounters.length - targetCounters.length)} films`);
        }
        if (differences.length > 0) throw new MoveError(`the copy did not check out (${differences.join('; ')}); nothing was committed`);
        const recounted = (await targetClient.query<Counters>(RECOUNT_SQL)).rows;
        counterDrift = targetCounters.filter((c, i) => !sameCounters(c, recounted[i])).length;
        filmsChecked = targetCounters.length;
        await targetClient.query('COMMIT');
      } catch (error) {
        await targetClient.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
    return { source: dbDir, target, tables: copied, filmsChecked, counterDrift, ms: performance.now() - started };
  } finally {
    await client?.end().catch(() => undefined);
    await source?.close().catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  }
}

export function formatSummary(summary: MoveSummary): string {
  const width = Math.max(...summary.tables.map((t) => t.name.length));
  const total = summary.tables.reduce((sum, t) => sum + t.rows, 0);
  const lines = [
    `Moved the embedded database in ${summary.source}`,
    `  to ${summary.target} in ${(summary.ms / 1000).toFixed(1)} s:`,
    ...summary.tables.map((t) => `    ${t.name.padEnd(width)}  ${t.rows}`),
    `  ${total} rows; row counts and the counters of ${summary.filmsChecked} films match the embedded database.`,
  ];
  if (summary.counterDrift > 0) {
    lines.push(
      `  Warning: ${summary.counterDrift} films have counters that differ from a recount of their votes; they were so in the embedded database too.`,
    );
  }
  lines.push('  Next: start the server with DATABASE_URL set to this database, and the same JWT_SECRET (or DATA_DIR).');
  return lines.join('\n');
}

async function main(): Promise<void> {
  const usage = 'usage: npm run db:move -- [--from <DATA_DIR>] [--to <postgres://user@host:5432/db>]';
  let args;
  try {
    args = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' }, help: { type: 'boolean' } } }).values;
  } catch (error) {
    console.error(`${describeError(error)}\n${usage}`);
    process.exit(2);
  }
  if (args.help) {
    console.log(
      `${usage}\nCopies the embedded database (DATA_DIR/db) into an empty PostgreSQL database. Defaults: DATA_DIR and DATABASE_URL.`,
    );
    return;
  }
  try {
    const environment = loadConfig();
    // The same rules as at start: a path for DATA_DIR, a postgres:// URL for DATABASE_URL.
    const chosen = loadConfig({
      DATA_DIR: args.from ?? environment.dataDir,
      DATABASE_URL: args.to ?? environment.databaseUrl ?? '',
    });
    if (!chosen.databaseUrl) throw new ConfigError(`name the PostgreSQL database: --to postgres://... or DATABASE_URL\n${usage}`);
    console.log(formatSummary(await moveToPostgres({ dataDir: chosen.dataDir, databaseUrl: chosen.databaseUrl })));
  } catch (error) {
    if (error instanceof MoveError || error instanceof ConfigError) {
      console.error(`The move stopped: ${error.message}`);
      process.exit(1);
    }
    console.error(`The move failed: ${describeError(error)}`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) void main();
