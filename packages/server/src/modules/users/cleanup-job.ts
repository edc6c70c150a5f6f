import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import { usersRepository } from './repository.js';

/**
 * Removes accounts not verified within 72 hours (PRODUCT.md §3), at start and
 * then every interval, so their usernames and addresses free up.
 */
export function startUnverifiedCleanup(options: {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): { stop(): void } {
  const users = usersRepository(options.db);
  const run = async () => {
    try {
      const removed = await users.removeExpiredUnverified(options.clock.now());
      if (removed > 0) options.log.info({ removed }, 'removed unverified accounts older than 72 hours');
    } catch (error) {
      options.log.warn({ err: error }, 'unverified-account cleanup failed; will retry');
    }
  };
  void run();
  const timer = setInterval(() => void run(), options.intervalMs ?? 60 * 60 * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
