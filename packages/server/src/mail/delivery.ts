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
    .where(and(isNull(outbox.sentAt), lte(outbox.nextAttemptAt, now), or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, now))))
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

export interface DeliveryContext {
  db: Database;
  transport: MailTransport;
  clock: Clock;
  /** the From of every message (config.mailFrom) */
  from: string;
  log: MailLogger;
  /** a delivery is not started with less than this left of its lease */
  leaseMarginMs: number;
}

/**
 * Hands one claimed message to the transport and records the outcome: sent,
 * or a retry after a growing delay. True when it was sent.
 */
export async function deliverClaimed(row: OutboxRow, context: DeliveryContext): Promise<boolean> {
  const { db, transport, clock, log } = context;
  const lease = row.lockedUntil;
  // Too late to start: another worker may take it once the lease passes.
  if (!lease || clock.now().getTime() > lease.getTime() - context.leaseMarginMs) return false;
  try {
    await transport.deliver({
      messageId: row.messageId,
      kind: row.kind,
      createdAt: row.createdAt,
      from: context.from,
      to: row.recipient,
      subject: row.subject,
      text: row.textBody,
      html: row.htmlBody,
    });
  } catch (error) {
    const nextAttemptAt = new Date(clock.now().getTime() + retryDelayMs(row.attempts));
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
