import type { FastifyInstance } from 'fastify';
import { messages } from '@filmlist/shared/messages';
import { HttpError } from '../../lib/http-errors.js';
import { foldName } from '../../lib/identity.js';
import type { SpentHit } from '../../lib/rate-limit-store.js';

const MINUTE = 60_000;

/**
 * How wrong passwords are limited (docs/product.md §Wrong-password limits; the OWASP
 * Authentication cheat sheet on lockout). Only failures count: a correct
 * login, or an unverified account's, never does.
 *
 * Each check is spent before the password is checked, in one step of the
 * store with the test that it has room (spendIfRoom), and given back when the
 * password was right or never checked (refund): attempts sent at the same
 * moment pass no limit together.
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

/**
 * Whose budget a login attempt spends: the account the lookup resolved, by id, so that every
 * spelling that logs into it ("Rita", "ＲＩＴＡ", "rıta") spends the same one; a name no account
 * has spends the budget of its fold, the same fold the lookup uses (lib/identity.ts).
 */
export const loginBudgetKey = (account: { userId: number } | null, username: string): string =>
  account ? `id:${account.userId}` : `name:${foldName(username)}`;

function tooMany(resetInMs: number): HttpError {
  const retryAfter = String(Math.max(1, Math.ceil(resetInMs / 1000)));
  return new HttpError(429, 'rate_limited', messages.rateLimited, undefined, { 'retry-after': retryAfter });
}

/** What one password check spent: given back after a right password (`counted`), or all of it when none was checked. */
interface Reserved {
  counted: readonly SpentHit[];
  slot: readonly SpentHit[];
}

export function loginThrottle(app: FastifyInstance) {
  const store = app.rateLimitStore;
  const now = () => app.clock.now().getTime();

  /** Spends one password check on this account (its loginBudgetKey) from this address, or throws 429. */
  async function reserve(account: string, ip: string): Promise<Reserved> {
    const pair = { key: `login:fail:${account}:${ip}`, ...LOGIN_LIMITS.pair };
    const first = await store.spendIfRoom([pair, { key: `login:fail:${account}`, ...LOGIN_LIMITS.account }], now());
    if (first.ok) return { counted: first.spent, slot: [] };
    // The account is past its limit (or this address is, which the next step finds again): slowed, but not at the owner's address.
    if ((await store.peek(`login:known:${account}:${ip}`, now())).count > 0) {
      const known = await store.spendIfRoom([pair], now());
      if (!known.ok) throw tooMany(known.resetInMs);
      return { counted: known.spent, slot: [] };
    }
    const slotMs = slotFor((await store.peek(`login:fail:day:${account}`, now())).count);
    const at = now();
    const slot = Math.floor(at / slotMs);
    // One check per slot: a budget of one, whose window ends with the slot.
    const slotBudget = { key: `login:slot:${account}:${slotMs}:${slot}`, limit: 1, windowMs: (slot + 1) * slotMs - at };
    const slowed = await store.spendIfRoom([pair, slotBudget], at);
    if (!slowed.ok) throw tooMany(slowed.resetInMs);
    return { counted: slowed.spent.slice(0, 1), slot: slowed.spent.slice(1) };
  }

  return {
    /**
     * One password check within the limits (429 past them): `verify` runs only once the check is
     * spent, and resolves with whether the password was right. A right one gives back what it spent
     * (the slot it took stays taken); a wrong one counts for the day too; an error (no check done) gives back all.
     */
    async check(account: string, ip: string, verify: () => Promise<boolean>): Promise<boolean> {
      const reserved = await reserve(account, ip);
      let right: boolean;
      try {
        right = await verify();
      } catch (error) {
        await store.refund([...reserved.counted, ...reserved.slot]);
        throw error;
      }
      if (right) await store.refund(reserved.counted);
      else await store.hit(`login:fail:day:${account}`, LOGIN_LIMITS.day.windowMs, now());
      return right;
    },

    /** A correct password at login: this address is the owner's from now on, for the slot. */
    async succeeded(account: string, ip: string): Promise<void> {
      await store.hit(`login:known:${account}:${ip}`, LOGIN_LIMITS.knownClientMs, now());
    },
  };
}
