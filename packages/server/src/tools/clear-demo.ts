import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config.js';
import type { Database } from '../db/connection.js';
import { rowsOf } from '../db/raw-rows.js';
import { users } from '../db/schema.js';
import { transaction } from '../db/transaction.js';
import { FILMS_CHANGED_CHANNEL } from '../modules/films/film-changes.js';
import { removeMemberVotes } from '../modules/votes/lock-order.js';
import { checkCounters } from './check-counters.js';
import { openToolDatabase, ToolError } from './tool-database.js';

/**
 * `npm run demo:clear`: removes the demo members (users.demo, seeded with the
 * demo catalogue) with their answers and ratings, taking exactly their votes
 * off the film counters. Each member goes in a transaction of its own through
 * removeMemberVotes, in the one lock order (votes/lock-order.ts): a server may
 * keep running on PostgreSQL meanwhile, and a run cut short is finished by the
 * next. The films stay. Then every film's counters are checked against a recount.
 */

export interface ClearResult {
  members: number;
  mentions: number;
  ratings: number;
  films: number;
  drifting: number;
}

async function demoVotes(db: Database): Promise<{ mentions: number; ratings: number }> {
  const [row] = rowsOf(
    await db.execute(sql`SELECT
      (SELECT count(*)::int FROM mentions m JOIN users u ON u.user_id = m.user_id WHERE u.demo) AS mentions,
      (SELECT count(*)::int FROM ratings r JOIN users u ON u.user_id = r.user_id WHERE u.demo) AS ratings`),
  );
  return { mentions: Number(row?.mentions ?? 0), ratings: Number(row?.ratings ?? 0) };
}

export async function clearDemo(db: Database, options: { notify: boolean }): Promise<ClearResult> {
  const members = await db.select({ userId: users.userId }).from(users).where(eq(users.demo, true)).orderBy(users.userId);
  const votes = await demoVotes(db);
  for (const { userId } of members) {
    await transaction(db, async (tx) => {
      await removeMemberVotes(tx, userId);
      await tx.delete(users).where(and(eq(users.userId, userId), eq(users.demo, true)));
    });
  }
  // Running servers on this PostgreSQL drop their ranked lists.
  if (options.notify && members.length > 0) await db.execute(sql`SELECT pg_notify(${FILMS_CHANGED_CHANNEL}, '')`);
  const check = await checkCounters(db, { repair: false });
  return { members: members.length, ...votes, films: check.films, drifting: check.drift.length };
}

export function formatClear(result: ClearResult, where: string): string {
  if (result.members === 0) return `There are no demo members to remove (${where}).`;
  const lines = [
    `Removed ${result.members} demo members with their ${result.mentions} answers and ${result.ratings} ratings (${where}); the demo films stay.`,
  ];
  lines.push(
    result.drifting === 0
      ? `The counters of all ${result.films} films match a recount of their votes.`
      : `${result.drifting} of ${result.films} films have counters that differ from a recount: run npm run db:check-counters`,
  );
  return lines.join('\n');
}

async function main(): Promise<void> {
  const usage = 'usage: npm run demo:clear';
  try {
    if (parseArgs({ options: { help: { type: 'boolean' } } }).values.help) {
      console.log(
        `${usage}\nRemoves the demo members with their answers and ratings (DATABASE_URL, or the embedded database in DATA_DIR).`,
      );
      return;
    }
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    process.exit(2);
  }
  try {
    const config = loadConfig();
    const { handle, where } = await openToolDatabase(config);
    try {
      const result = await clearDemo(handle.db, { notify: handle.kind === 'postgres' });
      console.log(formatClear(result, where));
      process.exitCode = result.drifting > 0 ? 1 : 0;
    } finally {
      await handle.close();
    }
  } catch (error) {
    const known = error instanceof ToolError || error instanceof ConfigError;
    console.error(`Clearing the demo data ${known ? 'stopped' : 'failed'}: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) void main();
