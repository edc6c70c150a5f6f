import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connection.js';

/** The values a prepared vote call takes, by placeholder name (`now` as an ISO 8601 string). */
export type VoteParameters = Record<string, number | boolean | string>;

/**
 * One of the vote functions of migration 0004_lock_order (record_mention,
 * record_rating, edit_rating) as a prepared statement, `call` naming its
 * parameters with sql.placeholder: the vote and its counters in one statement
 * and one round trip, taking their locks in the order of ./lock-order.ts, and
 * parsed and planned once per connection rather than at every vote. Answers
 * whether the vote was recorded (false: the member had already voted, or has
 * no rating to edit). The repositories name the calls (mentionsRepository.record,
 * ratingsRepository.record and .edit).
 */
export function voteFunction(db: Database, name: string, call: SQL): (parameters: VoteParameters) => Promise<boolean> {
  // One statement is its own transaction (no BEGIN and COMMIT round trips).
  const statement = db
    .select({ recorded: sql<unknown>`${call}` })
    .from(sql`(VALUES (1)) AS one`)
    .prepare(name);
  return async (parameters) => (await statement.execute(parameters))[0]?.recorded === true;
}
