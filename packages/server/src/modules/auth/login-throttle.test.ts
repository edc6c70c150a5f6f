import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@filmlist/shared/messages';
import { users } from '../../db/schema.js';
import { MEMBER_PASSWORD, createMember, unique } from '../../../test/support/factories.js';
import { createTestApp, type TestApp, useTestApp } from '../../../test/support/test-app.js';
import { HttpError } from '../../lib/http-errors.js';
import { LOGIN_LIMITS, loginThrottle } from './login-throttle.js';
import { signUp } from '../../../test/support/accounts.js';
import { call, freshClientAddress, sleep } from '../../../test/support/http.js';
import { rateLimitStores } from '../../../test/support/rate-limits.js';

/**
 * Wrong passwords slow guessing down without letting a stranger lock the owner
 * out (docs/product.md §Wrong-password limits). Each case has an app of its own, so
 * its clock and its counters are its own.
 */
const t = useTestApp();

const login = (app: TestApp, username: string, password: string, ip = freshClientAddress()) =>
  app.app.inject({ method: 'POST', url: '/api/users/login', payload: { username, password }, remoteAddress: ip });

describe('the owner is never locked out', () => {
  it('by ten wrong passwords from ten addresses: the correct one from a fresh address logs in', async () => {
    const member = await createMember(t.app);
    for (let i = 0; i < LOGIN_LIMITS.account.limit; i += 1) expect((await login(t, member.username, `wrong ${i}`)).statusCode).toBe(401);
    expect((await login(t, member.username, MEMBER_PASSWORD)).statusCode).toBe(200);
  });

  it('while an attacker spreads wrong guesses over 20 addresses for 15 minutes', async () => {
    const app = await createTestApp();
    try {
      const member = await createMember(app.app);
      const attackers = Array.from({ length: 20 }, () => freshClientAddress());
      const owner: number[] = [];
      let guessesChecked = 0;
      // A guess every two seconds, from each address in turn; the owner logs in every 90 s from a new address.
      for (let second = 0; second < 15 * 60; second += 2) {
        const guess = await login(app, member.username, `guess ${second}`, attackers[(second / 2) % attackers.length]);
        if (guess.statusCode === 401) guessesChecked += 1;
        else expect(guess.statusCode).toBe(429);
        if (second % 90 === 44) {
          let answer = await login(app, member.username, MEMBER_PASSWORD);
          let tries = 1;
          while (answer.statusCode === 429 && tries < 5) {
            const wait = Number(answer.headers['retry-after']);
            expect(wait).toBeLessThanOrEqual(LOGIN_LIMITS.slotMs / 1000);
            app.clock.advance(wait * 1000);
            answer = await login(app, member.username, MEMBER_PASSWORD);
            tries += 1;
          }
          expect(answer.statusCode).toBe(200);
          owner.push(tries);
        }
        app.clock.advance(2000);
      }
      expect(owner).toHaveLength(10);
      // Each address's own limit for the account holds: five wrong guesses per address per window.
      expect(guessesChecked).toBeLessThanOrEqual(attackers.length * LOGIN_LIMITS.pair.limit);
    } finally {
      await app.close();
    }
  }, 120_000);
});

describe('guessing stays bounded', () => {
  it('to one password check per slot for an account, however many addresses send guesses', async () => {
    const app = await createTestApp();
    try {
      const member = await createMember(app.app);
      const answers: number[] = [];
      // 60 s of clock, ten guesses a second, every one from a new address.
      for (let tick = 0; tick < 600; tick += 1) {
        answers.push((await login(app, member.username, `guess ${tick}`)).statusCode);
        app.clock.advance(100);
      }
      const checked = answers.filter((status) => status === 401).length;
      expect(answers.filter((status) => status !== 401 && status !== 429)).toEqual([]);
      expect(checked).toBeLessThanOrEqual(LOGIN_LIMITS.account.limit + Math.ceil(60_000 / LOGIN_LIMITS.slotMs) + 1);
      expect(checked).toBeGreaterThan(LOGIN_LIMITS.account.limit);
    } finally {
      await app.close();
    }
  }, 120_000);

  it('per address: five wrong passwords from one address refuse it for that account, not the owner elsewhere', async () => {
    const member = await createMember(t.app);
    const attacker = freshClientAddress();
    for (let i = 0; i < LOGIN_LIMITS.pair.limit; i += 1)
      expect((await login(t, member.username, `wrong ${i}`, attacker)).statusCode).toBe(401);
    const refused = await login(t, member.username, MEMBER_PASSWORD, attacker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: messages.rateLimited, code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(t, member.username, MEMBER_PASSWORD)).statusCode).toBe(200);
  });

  it('per address, an IPv6 client by its /64: a new address in the same network is the same client', async () => {
    const member = await createMember(t.app);
    // Each guess from another address of one /64, as a client that picks its own addresses can.
    for (let i = 0; i < LOGIN_LIMITS.pair.limit; i += 1)
      expect((await login(t, member.username, `wrong ${i}`, `2001:db8:77:1:${(i + 1).toString(16)}::9`)).statusCode).toBe(401);
    expect((await login(t, member.username, MEMBER_PASSWORD, '2001:db8:77:1:ffff:ffff:ffff:fffe')).statusCode).toBe(429);
    expect((await login(t, member.username, MEMBER_PASSWORD, '2001:db8:77:2::9')).statusCode).toBe(200);
  });

  it('per address: an IPv4 address written IPv4-mapped is the same client', async () => {
    const member = await createMember(t.app);
    const attacker = freshClientAddress();
    for (let i = 0; i < LOGIN_LIMITS.pair.limit; i += 1)
      expect((await login(t, member.username, `wrong ${i}`, i % 2 ? `::ffff:${attacker}` : attacker)).statusCode).toBe(401);
    expect((await login(t, member.username, MEMBER_PASSWORD, `::ffff:${attacker}`)).statusCode).toBe(429);
  });
});

describe("the owner's own logins", () => {
  it('never count: two while unverified, two wrong, six right, and the next one still logs in', async () => {
    const member = await createMember(t.app, { verified: false });
    const home = freshClientAddress();
    for (let i = 0; i < 2; i += 1) expect((await login(t, member.username, MEMBER_PASSWORD, home)).statusCode).toBe(403);
    await t.app.db.update(users).set({ verified: true }).where(eq(users.userId, member.userId));
    for (let i = 0; i < 2; i += 1) expect((await login(t, member.username, 'not my password', home)).statusCode).toBe(401);
    for (let i = 0; i < 6; i += 1) expect((await login(t, member.username, MEMBER_PASSWORD, home)).statusCode).toBe(200);
    expect((await login(t, member.username, MEMBER_PASSWORD, home)).statusCode).toBe(200);
    for (let i = 0; i < 15; i += 1) expect((await login(t, member.username, MEMBER_PASSWORD, home)).statusCode).toBe(200);
  });
});

describe('an address the owner has used', () => {
  it('is never slowed while strangers keep the account in slow mode, and a day of guessing lengthens the slot', async () => {
    const app = await createTestApp();
    try {
      const member = await createMember(app.app);
      const home = freshClientAddress();
      expect((await login(app, member.username, MEMBER_PASSWORD, home)).statusCode).toBe(200);
      // Strangers take every slot: the owner at home still gets in at once, however often.
      for (let i = 0; i < 40; i += 1) await login(app, member.username, `guess ${i}`);
      for (let i = 0; i < 3; i += 1) {
        await login(app, member.username, `guess again ${i}`);
        expect((await login(app, member.username, MEMBER_PASSWORD, home)).statusCode).toBe(200);
      }
      // Past a hundred wrong passwords in a day, a stranger's address waits longer than the first slot.
      for (let i = 0; i < 120; i += 1) {
        await login(app, member.username, `more ${i}`);
        app.clock.advance(LOGIN_LIMITS.slotMs);
      }
      await login(app, member.username, 'one more');
      const slowed = await login(app, member.username, 'and another');
      expect(slowed.statusCode).toBe(429);
      expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(LOGIN_LIMITS.slotMs / 1000);
    } finally {
      await app.close();
    }
  }, 120_000);
});

describe.each(rateLimitStores())('attempts sent at the same moment, over HTTP (%s rate-limit store)', (_name, store) => {
  const raced = useTestApp(() => ({ app: store ? { rateLimitStore: store.open() } : {} }));
  let base: string;
  beforeAll(async () => {
    base = await raced.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => store?.clear());

  /** Password checks sent at once to the throttle itself, each taking a while (as argon2 does); resolves with how many ran. */
  const checksAtOnce = async (account: string, from: () => string, verify: () => boolean | Promise<boolean>, times = 20) => {
    const throttle = loginThrottle(raced.app);
    let ran = 0;
    const answers = await Promise.allSettled(
      Array.from({ length: times }, () =>
        throttle.check(account, from(), async () => {
          ran += 1;
          await sleep(20);
          return verify();
        }),
      ),
    );
    const refused = answers.filter(
      (answer) => answer.status === 'rejected' && answer.reason instanceof HttpError && answer.reason.statusCode === 429,
    );
    return { ran, refused: refused.length };
  };

  it('runs exactly five of 20 password checks sent at once from one address, and the account limit and a slot from 20 addresses', async () => {
    const ip = freshClientAddress();
    expect(
      await checksAtOnce(
        `name:${unique('pair')}`,
        () => ip,
        () => false,
      ),
    ).toEqual({ ran: LOGIN_LIMITS.pair.limit, refused: 15 });
    const spread = await checksAtOnce(`name:${unique('spread')}`, freshClientAddress, () => false);
    expect(spread).toEqual({ ran: LOGIN_LIMITS.account.limit + 1, refused: 20 - LOGIN_LIMITS.account.limit - 1 });
  });

  it('gives back the place of a right password, and of a check that never ran, once it is answered', async () => {
    const account = `name:${unique('owner')}`;
    const ip = freshClientAddress();
    // Right passwords at once: each holds its place until its answer, then gives it back.
    expect(
      await checksAtOnce(
        account,
        () => ip,
        () => true,
      ),
    ).toEqual({ ran: LOGIN_LIMITS.pair.limit, refused: 15 });
    for (let i = 0; i < 3; i += 1)
      expect(
        await checksAtOnce(
          account,
          () => ip,
          () => true,
          1,
        ),
      ).toEqual({ ran: 1, refused: 0 });
    for (let i = 0; i < 8; i += 1) {
      const broken = loginThrottle(raced.app).check(account, ip, () => Promise.reject(new Error('no slot for the check')));
      await expect(broken).rejects.toThrow('no slot for the check');
    }
    // None of it counted: five wrong passwords are still checked, and the sixth is refused.
    expect(
      await checksAtOnce(
        account,
        () => ip,
        () => false,
        6,
      ),
    ).toEqual({ ran: LOGIN_LIMITS.pair.limit, refused: 1 });
  });

  const statusesOf = async (answers: Promise<{ status: number }>[]) => (await Promise.all(answers)).map((answer) => answer.status);
  const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

  it('check five of 20 wrong passwords for one account from one address; the owner still gets in from another', async () => {
    const member = await signUp(raced);
    const attacker = freshClientAddress();
    const statuses = await statusesOf(
      Array.from({ length: 20 }, (_, i) =>
        call(base, '/api/users/login', { from: attacker, body: { username: member.username, password: `wrong ${i}` } }),
      ),
    );
    expect(count(statuses, 401), statuses.join()).toBe(LOGIN_LIMITS.pair.limit);
    expect(count(statuses, 429)).toBe(20 - LOGIN_LIMITS.pair.limit);
    const owner = await call(base, '/api/users/login', {
      from: freshClientAddress(),
      body: { username: member.username, password: member.password },
    });
    expect(owner.status).toBe(200);
  });

  it('check at most the account limit and one slot of 20 wrong passwords for one account from 20 addresses', async () => {
    const member = await signUp(raced);
    const statuses = await statusesOf(
      Array.from({ length: 20 }, (_, i) =>
        call(base, '/api/users/login', { from: freshClientAddress(), body: { username: member.username, password: `wrong ${i}` } }),
      ),
    );
    // The clock stands still: one slot past the account's limit.
    expect(count(statuses, 401), statuses.join()).toBeLessThanOrEqual(LOGIN_LIMITS.account.limit + 1);
    expect(count(statuses, 401)).toBeGreaterThanOrEqual(LOGIN_LIMITS.account.limit);
    expect(count(statuses, 429)).toBe(20 - count(statuses, 401));
  });

  it('check five wrong current passwords from one address, at profile changes and deletions sent together', async () => {
    const member = await signUp(raced);
    const attacker = freshClientAddress();
    const statuses = await statusesOf(
      Array.from({ length: 16 }, (_, i) =>
        i % 2
          ? call(base, `/api/users/profile/${member.userId}`, {
              method: 'PUT',
              from: attacker,
              token: member.token,
              body: { password: 'a new long passphrase 77', currentPassword: `wrong ${i}` },
            })
          : call(base, '/api/users/delete', {
              method: 'DELETE',
              from: attacker,
              token: member.token,
              body: { currentPassword: `wrong ${i}` },
            }),
      ),
    );
    // 400 and 403 are a wrong current password checked (profile change, deletion).
    expect(count(statuses, 400) + count(statuses, 403), statuses.join()).toBe(LOGIN_LIMITS.pair.limit);
    expect(count(statuses, 429)).toBe(16 - LOGIN_LIMITS.pair.limit);
    const owner = await call(base, '/api/users/login', {
      from: freshClientAddress(),
      body: { username: member.username, password: member.password },
    });
    expect(owner.status).toBe(200);
  });
});
