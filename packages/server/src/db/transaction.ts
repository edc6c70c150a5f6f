import { sql } from 'drizzle-orm';
import type { Database } from './connection.js';
import { isTransactionConflict } from './pg-errors.js';

/**
 * The one way the app writes in a transaction. PostgreSQL may end a
 * transaction with a deadlock (40P01) or a serialization failure (40001):
 * the whole unit of work then runs again, up to RETRIES more times, after a
 * short random pause so the two sides do not meet again in step. When the
 * retries run out, the error reaches plugins/errors.ts, which answers 503 with
 * Retry-After, never 500.
 *
 * Every transaction waits at most LOCK_TIMEOUT for one lock (a longer wait
 * ends as 55P03, also 503) and may sit idle between statements at most
 * IDLE_TIMEOUT: a pooled connection is never held for long by a lock wait or
 * a stalled request, so other requests still get a connection (the pool gives
 * up on a wait for one after 3 s, db/postgres-pool.ts).
 */
export const RETRIES = 4;
export const LOCK_TIMEOUT = '2s';
const IDLE_TIMEOUT = '10s';

/** The pause before retry `attempt` (1-based): random, up to 10, 20, 40, 80 ms. */
export function retryPause(attempt: number, random: () => number = Math.random): number {
  return Math.ceil(random() * 10 * 2 ** (attempt - 1));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `attempt` again while it fails with a deadlock or serialization failure, at most RETRIES more times. */
export async function retryConflicts<T>(attempt: () => Promise<T>): Promise<T> {
  for (let retry = 1; ; retry++) {
    try {
      return await attempt();
    } catch (error) {
      if (retry > RETRIES || !isTransactionConflict(error)) throw error;
      await pause(retryPause(retry));
    }
  }
}

/** `work` in one transaction, retried as a whole on a deadlock or serialization failure. */
export function transaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return retryConflicts(() =>
    db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT set_config('lock_timeout', ${LOCK_TIMEOUT}, true), set_config('idle_in_transaction_session_timeout', ${IDLE_TIMEOUT}, true)`,
      );
      return work(tx);
    }),
  );
}
