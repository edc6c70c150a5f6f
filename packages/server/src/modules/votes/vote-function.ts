import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connection.js';
import { rowsOf } from '../../db/raw-rows.js';

/**
 * Calls one of the vote functions of migration 0004_lock_order (record_mention,
 * record_rating, edit_rating) in one statement: the vote and its counters in
 * one round trip, taking their locks in the order of ./lock-order.ts. Answers
 * whether the vote was recorded (false: the member had already voted, or has
 * no rating to edit). The repositories name the calls (mentionsRepository.record,
 * ratingsRepository.record and .edit).
 */
export async function voteFunction(db: Database, call: SQL): Promise<boolean> {
  // One statement is its own transaction (no BEGIN and COMMIT round trips).
  return rowsOf(await db.execute(sql`SELECT ${call} AS recorded`))[0]?.recorded === true;
}
