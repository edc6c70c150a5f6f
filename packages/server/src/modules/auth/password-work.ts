import { availableParallelism } from 'node:os';
import { messages } from '@filmlist/shared/messages';
import { HttpError } from '../../lib/http-errors.js';

/**
 * Password hashing is the one costly thing a stranger can ask for (argon2id,
 * 19 MiB and tens of milliseconds a go). A few run at once, leaving a core for
 * everything else, and no more than `perSecond` start each second, so a flood
 * cannot take a whole core from readers either; a few more wait; past that the
 * request gets a 503 with Retry-After (docs/product.md §Request limits). bench/run.ts measures
 * what a flood costs the ranked list.
 */
export const PASSWORD_WORK = {
  concurrent: Math.max(1, availableParallelism() - 1),
  perSecond: 12 * Math.max(1, availableParallelism() - 1),
  queued: 16,
};

let running = 0;
let peak = 0;
let nextStart = 0;
const waiting: (() => void)[] = [];

export class PasswordWorkBusy extends HttpError {
  constructor() {
    super(503, 'busy', messages.serviceUnavailable, undefined, { 'retry-after': '1' });
  }
}

/** Waits until the pace allows another start. */
async function paced(): Promise<void> {
  const now = Date.now();
  const at = Math.max(now, nextStart);
  nextStart = at + 1000 / PASSWORD_WORK.perSecond;
  if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
}

/** Runs `work` when a slot is free and the pace allows; throws PasswordWorkBusy when the queue is full. */
export async function withPasswordSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= PASSWORD_WORK.concurrent) {
    if (waiting.length >= PASSWORD_WORK.queued) throw new PasswordWorkBusy();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running += 1;
  }
  try {
    await paced();
    peak = Math.max(peak, running);
    return await work();
  } finally {
    // The slot passes straight to the next waiter, so `running` never overshoots.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** The most password checks that ever ran at once in this process (tests read it). */
export function passwordWorkPeak(): number {
  return peak;
}
