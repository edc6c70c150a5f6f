import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@filmlist/shared/messages';
import { users } from '../../db/schema.js';
import { MEMBER_PASSWORD, createMember } from '../../../test/support/factories.js';
import { createTestApp, type TestApp } from '../../../test/support/test-app.js';
import { LOGIN_LIMITS } from './login-throttle.js';

/**
 * Wrong passwords slow guessing down without letting a stranger lock the owner
 * out (issue 10 item 6, issue 16 item 8). Each case has an app of its own, so
 * its clock and its counters are its own.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let addresses = 0;
const freshIp = () => {
  addresses += 1;
  return `10.${80 + Math.floor(addresses / 62500)}.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
};
const login = (app: TestApp, username: string, password: string, ip = freshIp()) =>
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
      const attackers = Array.from({ length: 20 }, () => freshIp());
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
    const attacker = freshIp();
    for (let i = 0; i < LOGIN_LIMITS.pair.limit; i += 1)
      expect((await login(t, member.username, `wrong ${i}`, attacker)).statusCode).toBe(401);
    const refused = await login(t, member.username, MEMBER_PASSWORD, attacker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: messages.rateLimited, code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(t, member.username, MEMBER_PASSWORD)).statusCode).toBe(200);
  });
});

describe("the owner's own logins", () => {
  it('never count: two while unverified, two wrong, six right, and the next one still logs in', async () => {
    const member = await createMember(t.app, { verified: false });
    const home = freshIp();
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
      const home = freshIp();
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
