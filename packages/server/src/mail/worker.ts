import type { Database } from '../db/connection.js';
import type { Clock } from '../lib/clock.js';
import { claimDueMessages, deliverClaimed, type DeliveryContext } from './delivery.js';
import { createPoller } from './poller.js';
import type { MailLogger, MailTransport } from './transports.js';

export { claimDueMessages, retryDelayMs, type OutboxRow } from './delivery.js';

export interface OutboxWorkerOptions {
  db: Database;
  transport: MailTransport;
  clock: Clock;
  /** the From of every message (config.mailFrom) */
  from: string;
  log: MailLogger;
  pollIntervalMs?: number;
  batchSize?: number;
  leaseMs?: number;
}

export interface OutboxWorker {
  /** Poll every pollIntervalMs until stop(). */
  start: () => void;
  /** A commit queued mail: run a pass soon. Calls close together share one pass. */
  wake: () => void;
  /** Stop polling and wait for the pass in flight. Does not close the transport. */
  stop: () => Promise<void>;
  /** Deliver until nothing is due; resolves to how many messages were sent. */
  drain: () => Promise<number>;
}

/** The outbox's delivery loop (docs/product.md §Mail): claim due messages in batches and deliver them, until none is due. */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const batchSize = options.batchSize ?? 10;
  const leaseMs = options.leaseMs ?? 60_000;
  const context: DeliveryContext = { ...options, leaseMarginMs: Math.min(5_000, Math.floor(leaseMs / 10)) };

  async function untilIdle(keepGoing: () => boolean): Promise<number> {
    let sent = 0;
    for (;;) {
      const rows = await claimDueMessages(options.db, options.clock.now(), batchSize, leaseMs);
      for (const row of rows) if (await deliverClaimed(row, context)) sent += 1;
      if (rows.length === 0 || !keepGoing()) return sent;
    }
  }

  const poller = createPoller({
    intervalMs: options.pollIntervalMs ?? 1000,
    pass: untilIdle,
    done: (sent) => {
      if (sent > 0) options.log.info({ sent }, 'outbox delivered mail');
    },
    failed: (error) => options.log.error({ err: error }, 'outbox pass failed; retrying later'),
  });
  return { start: poller.start, wake: poller.wake, stop: poller.stop, drain: poller.runNow };
}
