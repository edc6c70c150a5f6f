import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/connection.js';
import type { Clock } from '../lib/clock.js';
import { runPeriodically } from '../lib/periodic.js';
import { PRUNERS } from './pruning.js';

export interface HousekeepingOptions {
  db: Database;
  clock: Clock;
  /** rows per statement: short transactions, short locks */
  batchSize?: number;
  /** per kind and pass, so one pass ends; the next pass takes the rest */
  maxBatches?: number;
}

/** Rows removed, by kind (the keys of PRUNERS). */
export type HousekeepingCounts = Record<string, number>;

/**
 * One pass: every kind of spent row past its retention (pruning.ts), removed
 * batch by batch, each batch its own statement. `shouldStop` is asked between
 * batches so a shutdown does not wait for a long pass.
 */
export async function runHousekeeping(options: HousekeepingOptions, shouldStop: () => boolean = () => false): Promise<HousekeepingCounts> {
  const batchSize = options.batchSize ?? 500;
  const maxBatches = options.maxBatches ?? 200;
  const counts: HousekeepingCounts = {};
  for (const [kind, prune] of Object.entries(PRUNERS)) {
    let removed = 0;
    for (let batch = 0; batch < maxBatches && !shouldStop(); batch += 1) {
      const n = await prune(options.db, options.clock.now(), batchSize);
      removed += n;
      if (n < batchSize) break;
    }
    counts[kind] = removed;
  }
  return counts;
}

/**
 * Runs a pass at start and then every interval (an hour), on every instance:
 * the batches skip rows another instance holds, so passes side by side
 * neither collide nor count anything twice.
 */
export function startHousekeeping(options: HousekeepingOptions & { log: FastifyBaseLogger; intervalMs?: number }): {
  stop(): Promise<void>;
} {
  return runPeriodically(
    async (shouldStop) => {
      try {
        const counts = await runHousekeeping(options, shouldStop);
        if (Object.values(counts).some((n) => n > 0)) options.log.info({ removed: counts }, 'housekeeping removed spent rows');
      } catch (error) {
        options.log.warn({ err: error }, 'housekeeping failed; will retry');
      }
    },
    options.intervalMs ?? 60 * 60 * 1000,
  );
}
