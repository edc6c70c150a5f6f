import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config.js';
import type { Database } from '../db/connection.js';
import { rowsOf } from '../db/raw-rows.js';
import { RECOUNT_SQL } from '../db/recount.js';
import { transaction } from '../db/transaction.js';
import { lockFilms } from '../modules/votes/lock-order.js';
import { openToolDatabase, ToolError } from './tool-database.js';

/**
 * `npm run db:check-counters [-- --repair]`: compares every film's stored
 * counters (N, H, R, S: docs/product.md §Ranking counts) with a recount of its votes
 * (db/recount.ts), prints the films that drift and exits 1 if any do.
 * `--repair` sets them to the recount in one transaction that holds every
 * film's lock in film_id order (votes/lock-order.ts), so no vote lands between
 * the recount and the fix. It opens the database the server uses: DATABASE_URL,
 * or else the embedded database in DATA_DIR, which must not be open in a
 * running server.
 */

export interface Counters {
  n: number;
  h: number;
  r: number;
  s: number;
}

export interface Drift {
  filmId: number;
  title: string;
  stored: Counters;
  recount: Counters;
}

export interface CheckResult {
  films: number;
  drift: Drift[];
  repaired: boolean;
}

const DRIFT_SQL = sql.raw(`SELECT f.film_id, f.title,
    f.not_heard_count AS sn, f.heard_not_rated_count AS sh, f.rating_count AS sr, f.rating_sum AS ss,
    c.n, c.h, c.r, c.s
  FROM films f JOIN (${RECOUNT_SQL}) c ON c.film_id = f.film_id
  WHERE (f.not_heard_count, f.heard_not_rated_count, f.rating_count, f.rating_sum) IS DISTINCT FROM (c.n, c.h, c.r, c.s)
  ORDER BY f.film_id`);

const REPAIR_SQL = sql.raw(`UPDATE films f SET
    not_heard_count = c.n, heard_not_rated_count = c.h, rating_count = c.r, rating_sum = c.s
  FROM (${RECOUNT_SQL}) c
  WHERE c.film_id = f.film_id
    AND (f.not_heard_count, f.heard_not_rated_count, f.rating_count, f.rating_sum) IS DISTINCT FROM (c.n, c.h, c.r, c.s)`);

async function findDrift(db: Database): Promise<Drift[]> {
  return rowsOf(await db.execute(DRIFT_SQL)).map((row) => ({
    filmId: Number(row.film_id),
    title: String(row.title),
    stored: { n: Number(row.sn), h: Number(row.sh), r: Number(row.sr), s: Number(row.ss) },
    recount: { n: Number(row.n), h: Number(row.h), r: Number(row.r), s: Number(row.s) },
  }));
}

async function countFilms(db: Database): Promise<number> {
  return Number(rowsOf(await db.execute(sql`SELECT count(*)::int AS n FROM films`))[0]?.n ?? 0);
}

/** The drifting films; with `repair`, set to the recount in the same transaction. */
export async function checkCounters(db: Database, options: { repair: boolean }): Promise<CheckResult> {
  if (!options.repair) return { films: await countFilms(db), drift: await findDrift(db), repaired: false };
  return transaction(db, async (tx) => {
    // Every film, in the one lock order: votes wait until the fix commits, so the recount stays true.
    const films = (await lockFilms(tx, sql`true`)).length;
    const drift = await findDrift(tx);
    if (drift.length > 0) await tx.execute(REPAIR_SQL);
    return { films, drift, repaired: drift.length > 0 };
  });
}

const show = (c: Counters) => `N=${c.n} H=${c.h} R=${c.r} S=${c.s}`;

export function formatResult(result: CheckResult, where: string): string {
  if (result.films === 0) return `There are no films to check (${where}).`;
  if (result.drift.length === 0) return `The counters of all ${result.films} films match a recount of their votes (${where}).`;
  const lines = result.drift.map((d) => `  film ${d.filmId} "${d.title}": stored ${show(d.stored)}, recount ${show(d.recount)}`);
  if (result.repaired) {
    return [`Repaired the counters of ${result.drift.length} of ${result.films} films (${where}); they were:`, ...lines].join('\n');
  }
  return [
    `${result.drift.length} of ${result.films} films have counters that differ from a recount of their votes (${where}):`,
    ...lines,
    'Set them to the recount with: npm run db:check-counters -- --repair',
  ].join('\n');
}

async function main(): Promise<void> {
  const usage = 'usage: npm run db:check-counters [-- --repair]';
  let args;
  try {
    args = parseArgs({ options: { repair: { type: 'boolean' }, help: { type: 'boolean' } } }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    process.exit(2);
  }
  if (args.help) {
    console.log(
      `${usage}\nCompares every film's counters with a recount of its votes (DATABASE_URL, or the embedded database in DATA_DIR).`,
    );
    return;
  }
  try {
    const { handle, where } = await openToolDatabase(loadConfig());
    try {
      const result = await checkCounters(handle.db, { repair: args.repair === true });
      console.log(formatResult(result, where));
      process.exitCode = result.drift.length > 0 && !result.repaired ? 1 : 0;
    } finally {
      await handle.close();
    }
  } catch (error) {
    const known = error instanceof ToolError || error instanceof ConfigError;
    console.error(`The counter check ${known ? 'stopped' : 'failed'}: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) void main();
