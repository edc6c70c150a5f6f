import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/connection.js';
import { outbox } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import type { MailLogger, MailTransport } from './transports.js';

export type OutboxRow = typeof outbox.$inferSelect;

const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 60 * 60 * 1000;

/** 5 s, 10 s, 20 s ... up to an hour, give or take 10 % so retries of many messages spread out. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 20);
  const base = Math.min(FIRST_RETRY_MS * 2 ** exponent, MAX_RETRY_MS);
  return Math.round(base * (0.9 + 0.2 * random()));
}

/**
 * Take up to `limit` due messages for this worker until `now + leaseMs`, in
 * one statement. SKIP LOCKED lets several instances claim side by side on one
 * PostgreSQL; a claim left by a crashed worker lapses with its lease.
 */
export async function claimDueMessages(db: Database, now: Date, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  const due = db
    .select({ messageId: outbox.messageId })
    .from(outbox)
    .where(
      and(
        isNull(outbox.sentAt),
        lte(outbox.nextAttemptAt, now),
        or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, now)),
      ),
    )
    .orderBy(outbox.messageId)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({ lockedUntil: new Date(now.getTime() + leaseMs), attempts: sql`${outbox.attempts} + 1` })
    .where(inArray(outbox.messageId, due))
    .returning();
}

function shortError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 500) || 'unknown error';
}

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
  start(): void;
  /** A commit queued mail: run a pass soon. Calls close together share one pass. */
  wake(): void;
  /** Stop polling and wait for the pass in flight. Does not close the transport. */
  stop(): Promise<void>;
  /** Deliver until nothing is due; resolves to how many messages were sent. */
  drain(): Promise<number>;
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, transport, clock, from, log } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const batchSize = options.batchSize ?? 10;
  const leaseMs = options.leaseMs ?? 60_000;
  // A delivery is not started with less than this left of its lease.
  const leaseMarginMs = Math.min(5_000, Math.floor(leaseMs / 10));

  async function deliver(row: OutboxRow): Promise<boolean> {
    const lease = row.lockedUntil;
    if (!lease) return false;
    if (clock.now().getTime() > lease.getTime() - leaseMarginMs) {
      // Too late to start: another worker may take it once the lease passes.
      return false;
    }
    try {
      await transport.deliver({
        messageId: row.messageId,
        kind: row.kind,
        createdAt: row.createdAt,
        from,
        to: row.recipient,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
      });
    } catch (error) {
      const now = clock.now();
      const nextAttemptAt = new Date(now.getTime() + retryDelayMs(row.attempts));
      const lastError = shortError(error);
      // Only while the claim is still ours: a lapsed claim may belong to another worker now.
      await db
        .update(outbox)
        .set({ nextAttemptAt, lockedUntil: null, lastError })
        .where(and(eq(outbox.messageId, row.messageId), eq(outbox.lockedUntil, lease), isNull(outbox.sentAt)));
      log.warn(
        { messageId: row.messageId, kind: row.kind, attempts: row.attempts, nextAttemptAt, error: lastError },
        'mail delivery failed; will retry',
      );
      return false;
    }
    // Handed over, so recorded as sent whoever holds the claim now.
    await db
      .update(outbox)
      .set({ sentAt: clock.now(), lockedUntil: null, lastError: null })
      .where(and(eq(outbox.messageId, row.messageId), isNull(outbox.sentAt)));
    log.debug({ messageId: row.messageId, kind: row.kind, attempts: row.attempts }, 'mail delivered');
    return true;
  }

  /** One batch: claimed and sent counts. */
  async function pass(): Promise<{ claimed: number; sent: number }> {
    const rows = await claimDueMessages(db, clock.now(), batchSize, leaseMs);
    let sent = 0;
    for (const row of rows) {
      if (await deliver(row)) sent += 1;
    }
    return { claimed: rows.length, sent };
  }

  // Passes run one at a time, whether started by the timer, wake() or drain().
  let queue: Promise<unknown> = Promise.resolve();
  function exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  }

  let stopped = true;
  async function untilIdle(keepGoing: () => boolean): Promise<number> {
    let total = 0;
    for (;;) {
      const { claimed, sent } = await pass();
      total += sent;
      if (claimed === 0 || !keepGoing()) return total;
    }
  }

  let timer: NodeJS.Timeout | undefined;
  let timerIsSoon = false;
  let inFlight: Promise<void> | undefined;
  let wokenDuringPass = false;

  function schedule(delayMs: number): void {
    if (stopped) return;
    if (timer) {
      if (timerIsSoon) return;
      clearTimeout(timer);
    }
    timerIsSoon = delayMs === 0;
    timer = setTimeout(tick, delayMs);
    // The HTTP server keeps the process alive, not the mail poll.
    timer.unref();
  }

  function tick(): void {
    timer = undefined;
    wokenDuringPass = false;
    const current = exclusive(() => untilIdle(() => !stopped)).then(
      (sent) => {
        if (sent > 0) log.info({ sent }, 'outbox delivered mail');
      },
      (error: unknown) => {
        log.error({ err: error }, 'outbox pass failed; retrying later');
      },
    );
    inFlight = current;
    void current.then(() => {
      if (inFlight === current) inFlight = undefined;
      schedule(wokenDuringPass ? 0 : pollIntervalMs);
    });
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    wake() {
      if (stopped) return;
      if (inFlight) wokenDuringPass = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await inFlight;
    },
    drain() {
      return exclusive(() => untilIdle(() => true));
    },
  };
}
