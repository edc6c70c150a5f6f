import type { FastifyInstance } from 'fastify';
import { messages } from '@filmlist/shared/messages';
import { HttpError } from '../../lib/http-errors.js';

const MINUTE = 60_000;

/**
 * How wrong passwords are limited (issue 10 item 6, issue 16 item 8; the OWASP
 * Authentication cheat sheet on lockout). Only failures count: a correct
 * login, or an unverified account's, never does.
 *
 * - `pair`: wrong passwords for one account from one address. Past it, that
 *   address is refused for the account until the window ends.
 * - `account`: wrong passwords for one account from anywhere. Past it the
 *   account is not locked: it is slowed. Each `slotMs` admits one password
 *   check for it, whoever sends it; the others are told to retry in a moment.
 *   Guessing is bounded at one try per slot per account, however many
 *   addresses an attacker has, while the owner gets in within a few seconds:
 *   spreading guesses over twenty addresses (five each) fills one slot in
 *   nine. An address the owner logged in from before is never slowed, and a
 *   day of sustained guessing lengthens the slot (`day`). An attacker with
 *   hundreds of addresses can still take most slots from an owner on a new
 *   address; a correct password there may then need a few tries, each told
 *   when to come back. That is the cost of never locking an account.
 */
export const LOGIN_LIMITS = {
  pair: { limit: 5, windowMs: 15 * MINUTE },
  account: { limit: 10, windowMs: 15 * MINUTE },
  slotMs: 2_000,
  /**
   * A day of sustained guessing lengthens the slot: past `after` wrong
   * passwords for the account in a day, one check per `slotMs` at most.
   */
  day: {
    windowMs: 24 * 60 * MINUTE,
    slower: [
      { after: 100, slotMs: 10_000 },
      { after: 1000, slotMs: 30_000 },
    ],
  },
  /** An address the owner has logged in from is not slowed with the rest (its own pair limit still holds). */
  knownClientMs: 30 * 24 * 60 * MINUTE,
};

/** The slot length for an account with this many wrong passwords today. */
function slotFor(failuresToday: number): number {
  return LOGIN_LIMITS.day.slower.reduce((ms, step) => (failuresToday >= step.after ? step.slotMs : ms), LOGIN_LIMITS.slotMs);
}

const accountKey = (username: string) => username.trim().toLowerCase();

function tooMany(resetInMs: number): HttpError {
  const retryAfter = String(Math.max(1, Math.ceil(resetInMs / 1000)));
  return new HttpError(429, 'rate_limited', messages.rateLimited, undefined, { 'retry-after': retryAfter });
}

export function loginThrottle(app: FastifyInstance) {
  const store = app.rateLimitStore;
  const now = () => app.clock.now().getTime();
  return {
    /** Before the password is checked: 429 when this address, or this moment, may not try this account. */
    async admit(username: string, ip: string): Promise<void> {
      const account = accountKey(username);
      const pair = await store.peek(`login:fail:${account}:${ip}`, now());
      if (pair.count >= LOGIN_LIMITS.pair.limit) throw tooMany(pair.resetInMs);
      const failures = await store.peek(`login:fail:${account}`, now());
      if (failures.count < LOGIN_LIMITS.account.limit) return;
      if ((await store.peek(`login:known:${account}:${ip}`, now())).count > 0) return;
      const slotMs = slotFor((await store.peek(`login:fail:day:${account}`, now())).count);
      const slot = Math.floor(now() / slotMs);
      const taken = await store.hit(`login:slot:${account}:${slotMs}:${slot}`, slotMs, now());
      if (taken.count > 1) throw tooMany((slot + 1) * slotMs - now());
    },

    /** A correct password: this address is the owner's from now on, for the slot. */
    async succeeded(username: string, ip: string): Promise<void> {
      await store.hit(`login:known:${accountKey(username)}:${ip}`, LOGIN_LIMITS.knownClientMs, now());
    },

    /** A wrong password (or an unknown username): counted for the pair and for the account. */
    async failed(username: string, ip: string): Promise<void> {
      const account = accountKey(username);
      await store.hit(`login:fail:${account}:${ip}`, LOGIN_LIMITS.pair.windowMs, now());
      await store.hit(`login:fail:${account}`, LOGIN_LIMITS.account.windowMs, now());
      await store.hit(`login:fail:day:${account}`, LOGIN_LIMITS.day.windowMs, now());
    },
  };
}
