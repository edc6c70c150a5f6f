import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginAnswer } from '@filmlist/shared/api/users';
import { messages } from '@filmlist/shared/messages';
import { users } from '../../src/db/schema.js';
import { LOGIN_LIMITS } from '../../src/modules/auth/login-throttle.js';
import { createMember, unique } from '../support/factories.js';
import { verificationToken } from '../support/queued-mail.js';
import { useTestApp } from '../support/test-app.js';
import { freshClientAddress } from '../support/http.js';

/**
 * ASVS 6.2 and 11.4: passwords are stored as argon2id with at least OWASP's
 * parameters, and common passwords are refused. ASVS 6.3: a login for an
 * unknown user costs about as much as one with a wrong password, so the
 * answer's timing does not tell which usernames exist.
 *
 * The exact parameters at sign-up and the refusal of "Password123", "12345678"
 * and "password1" are also checked in modules/users/users.test.ts.
 */

const t = useTestApp();

interface Argon2Hash {
  algorithm: string;
  version: number;
  memoryKiB: number;
  iterations: number;
  parallelism: number;
  saltBytes: number;
  hashBytes: number;
}

/** A PHC string as argon2 writes it: $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>. */
function parseArgon2(stored: string): Argon2Hash {
  const match = /^\$(argon2(?:id|i|d))\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(stored);
  if (!match) throw new Error(`not an argon2 PHC string: ${stored.slice(0, 40)}`);
  const [, algorithm = '', version, m, tCost, p, salt = '', hash = ''] = match;
  return {
    algorithm,
    version: Number(version),
    memoryKiB: Number(m),
    iterations: Number(tCost),
    parallelism: Number(p),
    saltBytes: Buffer.from(salt, 'base64').length,
    hashBytes: Buffer.from(hash, 'base64').length,
  };
}

async function storedHash(username: string): Promise<string> {
  const [row] = await t.app.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row.passwordHash;
}

function expectStrongArgon2(stored: string): void {
  const parsed = parseArgon2(stored);
  expect(parsed.algorithm).toBe('argon2id');
  expect(parsed.version).toBe(19);
  expect(parsed.memoryKiB).toBeGreaterThanOrEqual(19_456);
  expect(parsed.iterations).toBeGreaterThanOrEqual(2);
  expect(parsed.parallelism).toBeGreaterThanOrEqual(1);
  expect(parsed.saltBytes).toBeGreaterThanOrEqual(16);
  expect(parsed.hashBytes).toBeGreaterThanOrEqual(32);
}

describe('stored passwords (ASVS 6.2, 11.4)', () => {
  it('are argon2id with m >= 19456 KiB and t >= 2, salted apart, at sign-up and after a password change', async () => {
    const password = 'a long unusual passphrase 42';
    const names = [unique('hash'), unique('hash')];
    for (const username of names) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: { username, email: `${username}@example.com`, password },
        remoteAddress: freshClientAddress(),
      });
      expect(res.statusCode).toBe(201);
    }
    const [first = '', second = ''] = await Promise.all(names.map(storedHash));
    expectStrongArgon2(first);
    expectStrongArgon2(second);
    // The same password, two salts: two different hashes, neither containing the password.
    expect(first).not.toBe(second);
    expect(first).not.toContain(password);

    // The hash written by a password change is as strong.
    const [username = ''] = names;
    const token = await verificationToken(t.app, `${username}@example.com`);
    expect((await t.app.inject(`/api/users/verification/${token}`)).statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { username, password },
      remoteAddress: freshClientAddress(),
    });
    const session = loginAnswer.parse(login.json());
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${session.user.user_id}`,
      headers: { authorization: `Bearer ${session.accessToken}` },
      payload: { password: 'another long passphrase 77', currentPassword: password },
    });
    expect(changed.statusCode).toBe(200);
    const after = await storedHash(username);
    expectStrongArgon2(after);
    expect(after).not.toBe(first);
  });
});

describe('common passwords (ASVS 6.2)', () => {
  // Entries of the list in other cases, runs of one character and keyboard or alphabet runs.
  const common = ['PASSWORD1', 'Sunshine', 'zzzzzzzzzz', 'abcdefghij', 'asdfghjkl', '9876543210', 'ILoveYou1'];

  it.each(common)('refuses %s at sign-up and at a password change, with its message', async (password) => {
    const username = unique('weak');
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { username, email: `${username}@example.com`, password },
      remoteAddress: freshClientAddress(),
    });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json()).toEqual({
      error: messages.passwordTooCommon,
      code: 'validation_failed',
      fields: { password: messages.passwordTooCommon },
    });
    expect(await t.app.db.select().from(users).where(eq(users.username, username))).toEqual([]);

    const member = await createMember(t.app);
    const change = await t.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${member.userId}`,
      headers: member.auth,
      payload: { password, currentPassword: member.password },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json()).toMatchObject({ error: messages.passwordTooCommon, fields: { password: messages.passwordTooCommon } });
  });
});

describe('login timing (ASVS 6.3)', () => {
  it('is within 2x for an unknown user and for a wrong password (medians of 15, interleaved)', async () => {
    const member = await createMember(t.app);
    const attempt = async (username: string): Promise<number> => {
      // Each attempt in a fresh rate-limit window and from its own address, so only the password check is timed.
      t.clock.advance(LOGIN_LIMITS.account.windowMs);
      const started = performance.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { username, password: 'not the password at all' },
        remoteAddress: freshClientAddress(),
      });
      const elapsed = performance.now() - started;
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: messages.loginFailed, code: 'invalid_credentials' });
      return elapsed;
    };

    // Warm-up: the dummy hash is made on first use, and the JIT settles.
    for (let i = 0; i < 3; i += 1) {
      await attempt(unique('nobody'));
      await attempt(member.username);
    }
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      // Alternate which goes first, so a drift in machine load falls on both.
      if (i % 2 === 0) {
        unknown.push(await attempt(unique('nobody')));
        wrong.push(await attempt(member.username));
      } else {
        wrong.push(await attempt(member.username));
        unknown.push(await attempt(unique('nobody')));
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const [unknownMs, wrongMs] = [median(unknown), median(wrong)];
    const ratio = Math.max(unknownMs, wrongMs) / Math.min(unknownMs, wrongMs);
    const summary = `median unknown user ${unknownMs.toFixed(1)} ms, wrong password ${wrongMs.toFixed(1)} ms, ratio ${ratio.toFixed(2)}`;
    // Both run one argon2id verification: a login that skipped it would take well under a millisecond.
    expect(Math.min(unknownMs, wrongMs), summary).toBeGreaterThan(5);
    expect(ratio, summary).toBeLessThanOrEqual(2);
    console.info(`login timing: ${summary}`);
  });
});
