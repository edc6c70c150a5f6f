import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connection.js';
import type { Voter } from '../../types.js';
import { isSessionId, liveSessionExists } from '../auth/sessions-repository.js';

/** The values a prepared vote call takes, by placeholder name (`now` as an ISO 8601 string). */
export type VoteParameters = Record<string, number | boolean | string>;

/** Who casts a vote: the member and the session of a verified access token, not yet checked to be live. */
export type VoterSession = Pick<Voter, 'userId' | 'sessionId'>;

/**
 * What a vote call found: the vote was recorded; it was refused (the member
 * had already voted, or has no rating to edit); or the voter's session is no
 * longer live (revoked, expired, or the account gone), and nothing was written.
 */
export type VoteOutcome = 'recorded' | 'refused' | 'session-ended';

/**
 * One of the vote functions of migration 0004_lock_order (record_mention,
 * record_rating, edit_rating) as a prepared statement, `call` naming its
 * parameters with sql.placeholder: the vote and its counters in one statement
 * and one round trip, taking their locks in the order of ./lock-order.ts, and
 * parsed and planned once per connection rather than at every vote.
 *
 * The same statement first checks that the voter's session is live (the
 * condition every member request is checked against, auth/sessions-repository.ts),
 * and calls the function only then: a vote is one round trip to the database,
 * not two (docs/decisions/002). The repositories name the calls
 * (mentionsRepository.record, ratingsRepository.record and .edit).
 */
export function voteFunction(
  db: Database,
  name: string,
  call: SQL,
): (voter: VoterSession, parameters: VoteParameters) => Promise<VoteOutcome> {
  // One statement is its own transaction (no BEGIN and COMMIT round trips). The check is an
  // uncorrelated sub-select, so it runs once, before the function; CASE calls the function only
  // for a live session.
  const statement = db
    .select({ live: sql<unknown>`checked.live`, recorded: sql<unknown>`CASE WHEN checked.live THEN ${call} END` })
    .from(sql`(SELECT ${liveSessionExists(db)} AS live) AS checked`)
    .prepare(name);
  return async (voter, parameters) => {
    if (!isSessionId(voter.sessionId)) return 'session-ended';
    const [row] = await statement.execute({ ...parameters, userId: voter.userId, sessionId: voter.sessionId });
    if (row?.live !== true) return 'session-ended';
    return row.recorded === true ? 'recorded' : 'refused';
  };
}
