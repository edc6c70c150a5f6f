import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages, serverMessages } from '@filmlist/shared/messages';
import { submissions, users, watchClicks } from '../../db/schema.js';
import { LOGIN_LIMITS } from '../auth/login-throttle.js';
import { MAIL_LIMITS } from '../../mail/quota.js';
import { RATE_LIMITS } from '../../plugins/rate-limit.js';
import { signUp } from '../../../test/support/accounts.js';
import { MEMBER_PASSWORD, createFilm, createMember, unique } from '../../../test/support/factories.js';
import { recountedCounters, storedCounters } from '../../../test/support/recount.js';
import { queuedMail, verificationToken } from '../../../test/support/queued-mail.js';
import { useTestApp } from '../../../test/support/test-app.js';

const t = useTestApp();

function register(body: Record<string, unknown>, ip = '10.0.0.1') {
  return t.app.inject({ method: 'POST', url: '/api/users/register', payload: body, remoteAddress: ip });
}
function login(username: string, password: string, ip = '10.0.1.1') {
  return t.app.inject({ method: 'POST', url: '/api/users/login', payload: { username, password }, remoteAddress: ip });
}
describe('POST /api/users/register', () => {
  it('creates an unverified account, answers 201 and queues a verification link', async () => {
    const username = unique('sign');
    const email = `${username}@Example.com`;
    const res = await register({ username, email, password: MEMBER_PASSWORD });
    expect(res.statusCode).toBe(201);
    const answer = res.json<{ message: string; user_id: number }>();
    expect(answer.message).toBe(messages.registrationSuccessful);
    expect(Number.isInteger(answer.user_id)).toBe(true);
    const [row] = await t.app.db.select().from(users).where(eq(users.username, username));
    expect(row?.verified).toBe(false);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const mail = await queuedMail(t.app, email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.textBody).toMatch(new RegExp(`^http://films\\.test/verification/[A-Za-z0-9_-]{43}$`, 'm'));
    expect(mail[0]?.htmlBody).toContain('/verification/');
  });

  it.each([
    [{ username: 'has space', email: 'a@example.com', password: MEMBER_PASSWORD }, 'username', messages.usernameHasSpaces],
    [{ username: 'nospace', email: 'a b@example.com', password: MEMBER_PASSWORD }, 'email', messages.emailHasSpaces],
    [{ username: 'nospace', email: 'not-an-email', password: MEMBER_PASSWORD }, 'email', messages.emailInvalid],
    [{ username: 'nospace', email: 'a@example.com', password: 'short' }, 'password', messages.passwordTooShort],
    [{ username: 'nospace', email: 'a@example.com', password: 'x'.repeat(129) + 'y' }, 'password', messages.passwordTooLong],
    [{ username: 'nospace', email: 'a@example.com', password: 'Password123' }, 'password', messages.passwordTooCommon],
    [{ username: 'nospace', email: 'a@example.com', password: '12345678' }, 'password', messages.passwordTooCommon],
    [{ username: '', email: 'a@example.com', password: MEMBER_PASSWORD }, 'username', messages.usernameRequired],
    [{ username: 'x'.repeat(31), email: 'a@example.com', password: MEMBER_PASSWORD }, 'username', messages.usernameTooLong],
    [{ email: 'a@example.com', password: MEMBER_PASSWORD }, 'username', messages.usernameRequired],
  ])('refuses %j with the message for %s', async (body, field, message) => {
    const res = await register(body, '10.0.0.2');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message, code: 'validation_failed', fields: { [field]: message } });
  });

  it('answers 409 for a taken username or email, whatever their case', async () => {
    const member = await createMember(t.app);
    const byName = await register({
      username: member.username.toUpperCase(),
      email: `${unique('x')}@example.com`,
      password: MEMBER_PASSWORD,
    });
    expect(byName.statusCode).toBe(409);
    expect(byName.json()).toMatchObject({ error: messages.usernameTaken });
    const byEmail = await register({ username: unique('y'), email: member.email.toUpperCase(), password: MEMBER_PASSWORD });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json()).toMatchObject({ error: messages.emailTaken });
  });

  it('replaces an unverified account when the same email signs up again', async () => {
    const email = `${unique('again')}@example.com`;
    const first = unique('first');
    expect((await register({ username: first, email, password: MEMBER_PASSWORD })).statusCode).toBe(201);
    const second = unique('second');
    expect((await register({ username: second, email, password: MEMBER_PASSWORD })).statusCode).toBe(201);
    const rows = await t.app.db.select().from(users).where(eq(users.email, email));
    expect(rows.map((r) => r.username)).toEqual([second]);
  });

  it('frees the username of an account left unverified for more than 72 hours', async () => {
    const username = unique('late');
    expect((await register({ username, email: `${username}@example.com`, password: MEMBER_PASSWORD })).statusCode).toBe(201);
    const check = () => t.app.inject({ method: 'POST', url: '/api/users/check', payload: { username }, remoteAddress: '10.0.0.3' });
    expect((await check()).json()).toEqual({ usernameExists: true, emailExists: false });
    t.clock.advance(72 * 3600_000 + 1000);
    expect((await check()).json()).toEqual({ usernameExists: false, emailExists: false });
    const again = await register({ username, email: `${unique('other')}@example.com`, password: MEMBER_PASSWORD });
    expect(again.statusCode).toBe(201);
  });
});

describe('POST /api/users/check', () => {
  it('tells whether a username and an email are in use, case-insensitively', async () => {
    const member = await createMember(t.app);
    const check = (payload: object) => t.app.inject({ method: 'POST', url: '/api/users/check', payload, remoteAddress: '10.0.0.4' });
    expect((await check({ username: member.username.toUpperCase(), email: member.email.toUpperCase() })).json()).toEqual({
      usernameExists: true,
      emailExists: true,
    });
    expect((await check({ username: unique('free'), email: `${unique('free')}@example.com` })).json()).toEqual({
      usernameExists: false,
      emailExists: false,
    });
  });

  it('is rate limited per address with 429 and Retry-After', async () => {
    const limit = RATE_LIMITS.check.ip.limit;
    let last;
    for (let i = 0; i <= limit; i += 1) {
      last = await t.app.inject({ method: 'POST', url: '/api/users/check', payload: { username: `u${i}` }, remoteAddress: '10.0.0.5' });
    }
    expect(last?.statusCode).toBe(429);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect(last?.json()).toMatchObject({ error: messages.rateLimited, code: 'rate_limited' });
  });
});

describe('rate limits on sign-up and verification', () => {
  it('answer 429 with Retry-After past the per-address limit', async () => {
    const registerLimit = RATE_LIMITS.register.ip.limit;
    let last;
    for (let i = 0; i <= registerLimit; i += 1) {
      last = await register({ username: `rl${i}`, email: `rl${i}@example.com`, password: 'short' }, '10.8.0.1');
    }
    expect(last?.statusCode).toBe(429);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);

    const verifyLimit = RATE_LIMITS.verification.ip.limit;
    for (let i = 0; i <= verifyLimit; i += 1) {
      last = await t.app.inject({ url: `/api/users/verification/guess-${i}`, remoteAddress: '10.8.0.2' });
    }
    expect(last?.statusCode).toBe(429);
    expect(last?.headers['retry-after']).toBeDefined();
  });

  it('limit sign-ups per email address across addresses by the mail that mailbox may receive', async () => {
    const limit = MAIL_LIMITS.perAddress.limit;
    const email = `${unique('spam')}@example.com`;
    let last;
    const hourly = MAIL_LIMITS.perAddressHour.limit;
    for (let i = 0; i <= limit; i += 1) {
      if (i > 0 && i % hourly === 0) {
        // The hour's share is spent: one more waits for the next hour, then the day's budget goes on.
        expect((await register({ username: unique('spam'), email, password: MEMBER_PASSWORD }, `10.8.${i}.8`)).statusCode).toBe(429);
        t.clock.advance(MAIL_LIMITS.perAddressHour.windowMs);
      }
      last = await register({ username: unique('spam'), email, password: MEMBER_PASSWORD }, `10.8.${i}.9`);
      if (i < limit) expect(last.statusCode).toBe(201);
    }
    expect(last?.statusCode).toBe(429);
  });
});

describe('GET /api/users/verification/{token}', () => {
  it('verifies once; a second use says it is already verified; an unknown token and an expired one fail', async () => {
    const username = unique('ver');
    const email = `${username}@example.com`;
    await register({ username, email, password: MEMBER_PASSWORD }, '10.0.2.1');
    const token = await verificationToken(t.app, email);
    expect((await login(username, MEMBER_PASSWORD)).statusCode).toBe(403);
    const ok = await t.app.inject(`/api/users/verification/${token}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true });
    // The link followed again (docs/product.md §Sign-up and verification): no failure, the account is verified.
    const again = await t.app.inject(`/api/users/verification/${token}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true, alreadyVerified: true, message: messages.alreadyVerified });
    expect((await t.app.inject('/api/users/verification/not-a-real-token')).json()).toMatchObject({ success: false });
    expect((await login(username, MEMBER_PASSWORD)).statusCode).toBe(200);

    const late = unique('late');
    await register({ username: late, email: `${late}@example.com`, password: MEMBER_PASSWORD }, '10.0.2.2');
    const lateToken = await verificationToken(t.app, `${late}@example.com`);
    t.clock.advance(72 * 3600_000 + 1);
    expect((await t.app.inject(`/api/users/verification/${lateToken}`)).statusCode).toBe(400);
  });
});

describe('POST /api/users/login', () => {
  it('answers the session fields and the caller’s own profile, never a hash', async () => {
    const { username, email } = await signUp(t, { until: 'verified' });
    const res = await login(username, MEMBER_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'accessTokenExpiration', 'refreshToken', 'user']);
    // The JWT's exp is in whole seconds; the answer matches it.
    const fifteenMinutes = t.clock.now().getTime() + 15 * 60_000;
    expect(body.accessTokenExpiration).toBeLessThanOrEqual(fifteenMinutes);
    expect(body.accessTokenExpiration).toBeGreaterThan(fifteenMinutes - 1000);
    const [row] = await t.app.db.select().from(users).where(eq(users.username, username));
    expect(body.user).toEqual({ user_id: row?.userId, username, email, verified: true, isReviewer: false, pendingEmail: null });
    expect(res.body).not.toContain('argon2');
  });

  it('gives the same answer for an unknown user and a wrong password', async () => {
    const member = await createMember(t.app);
    const unknown = await login(unique('nobody'), 'whatever password');
    const wrong = await login(member.username, 'not the password');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.json()).toEqual({ error: messages.loginFailed, code: 'invalid_credentials' });
  });

  it('tells an unverified member with 403 and code "unverified" only after a correct password', async () => {
    const member = await createMember(t.app, { verified: false });
    const wrong = await login(member.username, 'not the password');
    expect(wrong.statusCode).toBe(401);
    const right = await login(member.username, MEMBER_PASSWORD);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ error: messages.loginUnverified, code: 'unverified' });
  });

  it('uses the login form messages for missing fields', async () => {
    const noName = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { password: 'x' } });
    expect(noName.json()).toMatchObject({ error: messages.usernameRequired });
    const noPassword = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { username: 'x', password: '' } });
    expect(noPassword.json()).toMatchObject({ error: messages.passwordRequired });
  });

  it('is not locked for its owner by wrong passwords from other addresses (more in modules/auth/login-throttle.test.ts)', async () => {
    const member = await createMember(t.app);
    for (let i = 0; i < LOGIN_LIMITS.account.limit; i += 1) {
      expect((await login(member.username, 'wrong password', `10.1.${i}.1`)).statusCode).toBe(401);
    }
    expect((await login(member.username, MEMBER_PASSWORD, '10.1.200.1')).statusCode).toBe(200);
  });
});

describe('GET /api/users/profile/{username}', () => {
  it('shows id, username and verified to anyone, the email only to its owner', async () => {
    const member = await createMember(t.app);
    const other = await createMember(t.app);
    const publicView = await t.app.inject(`/api/users/profile/${member.username}`);
    expect(publicView.json()).toEqual({ user: { user_id: member.userId, username: member.username, verified: true } });
    const otherView = await t.app.inject({ url: `/api/users/profile/${member.username}`, headers: other.auth });
    expect(otherView.json()).toEqual({ user: { user_id: member.userId, username: member.username, verified: true } });
    const own = await t.app.inject({ url: `/api/users/profile/${member.username}`, headers: member.auth });
    expect(own.json()).toMatchObject({ user: { email: member.email } });
    for (const res of [publicView, otherView, own]) {
      expect(res.body).not.toMatch(/argon2|password|token/i);
    }
  });

  it('answers 404 for an unknown user', async () => {
    const res = await t.app.inject(`/api/users/profile/${unique('ghost')}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'user_not_found' });
  });
});

describe('PUT /api/users/profile/{user_id}', () => {
  const put = (userId: number, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'PUT', url: `/api/users/profile/${userId}`, payload, headers });

  it('refuses a visitor with 401 and another member with 403', async () => {
    const member = await createMember(t.app);
    const other = await createMember(t.app);
    expect((await put(member.userId, { username: unique('n') })).statusCode).toBe(401);
    const res = await put(member.userId, { username: unique('n') }, other.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: serverMessages.notYourAccount });
  });

  it('changes the username, refusing one that is taken', async () => {
    const member = await createMember(t.app);
    const other = await createMember(t.app);
    const taken = await put(member.userId, { username: other.username.toUpperCase() }, member.auth);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: messages.usernameTaken });
    const name = unique('renamed');
    const ok = await put(member.userId, { username: name }, member.auth);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ message: serverMessages.usernameUpdated, user: { username: name } });
  });

  it('needs the current password to change the email, and the new email takes effect once verified', async () => {
    const member = await createMember(t.app);
    const newEmail = `${unique('new')}@example.com`;
    const missing = await put(member.userId, { email: newEmail }, member.auth);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error: messages.currentPasswordRequired,
      fields: { currentPassword: messages.currentPasswordRequired },
    });
    const wrong = await put(member.userId, { email: newEmail, currentPassword: 'nope nope nope' }, member.auth);
    expect(wrong.json()).toMatchObject({ error: serverMessages.currentPasswordWrong });
    const ok = await put(member.userId, { email: newEmail, currentPassword: MEMBER_PASSWORD }, member.auth);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ message: serverMessages.emailUpdated, pendingEmail: newEmail, user: { email: member.email } });

    const token = await verificationToken(t.app, newEmail);
    expect((await t.app.inject(`/api/users/verification/${token}`)).statusCode).toBe(200);
    const profile = await t.app.inject({ url: `/api/users/profile/${member.username}`, headers: member.auth });
    expect(profile.json()).toMatchObject({ user: { email: newEmail } });
  });

  it('accepts the whole form back with the email unchanged, without the current password', async () => {
    const member = await createMember(t.app);
    const name = unique('whole');
    const res = await put(member.userId, { username: name, email: member.email.toUpperCase() }, member.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { username: name, email: member.email }, pendingEmail: null });
  });

  it('refuses an email that another account holds', async () => {
    const member = await createMember(t.app);
    const other = await createMember(t.app);
    const res = await put(member.userId, { email: other.email, currentPassword: MEMBER_PASSWORD }, member.auth);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: messages.emailTaken });
  });

  it('changes the password with the current one and ends every other session', async () => {
    const { username } = await signUp(t, { until: 'verified' });
    const first = (await login(username, MEMBER_PASSWORD)).json<{ accessToken: string; refreshToken: string; user: { user_id: number } }>();
    const second = (await login(username, MEMBER_PASSWORD, '10.0.3.3')).json<{ accessToken: string; refreshToken: string }>();
    const newPassword = 'another long passphrase 77';
    const res = await put(
      first.user.user_id,
      { password: newPassword, currentPassword: MEMBER_PASSWORD },
      { authorization: `Bearer ${first.accessToken}` },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: serverMessages.passwordUpdated });

    const otherSession = await t.app.inject({
      method: 'POST',
      url: '/api/auth/store',
      headers: { authorization: `Bearer ${second.accessToken}` },
    });
    expect(otherSession.statusCode).toBe(401);
    const otherRefresh = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh: second.refreshToken } });
    expect(otherRefresh.statusCode).toBe(401);
    const sameSession = await t.app.inject({
      method: 'POST',
      url: '/api/auth/store',
      headers: { authorization: `Bearer ${first.accessToken}` },
    });
    expect(sameSession.statusCode).toBe(200);

    expect((await login(username, MEMBER_PASSWORD, '10.0.3.4')).statusCode).toBe(401);
    expect((await login(username, newPassword, '10.0.3.5')).statusCode).toBe(200);
  });

  it('refuses a weak new password and an empty change', async () => {
    const member = await createMember(t.app);
    const weak = await put(member.userId, { password: 'password1', currentPassword: MEMBER_PASSWORD }, member.auth);
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ error: messages.passwordTooCommon });
    const empty = await put(member.userId, {}, member.auth);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: serverMessages.nothingToUpdate });
  });
});

describe('DELETE /api/users/delete', () => {
  it('needs a signed-in member', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/users/delete' })).statusCode).toBe(401);
  });

  it('needs the current password: none is 400, a wrong one 403, and the account stays', async () => {
    const member = await createMember(t.app);
    const none = await t.app.inject({ method: 'DELETE', url: '/api/users/delete', headers: member.auth });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ error: messages.currentPasswordRequired });
    const wrong = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/delete',
      headers: member.auth,
      payload: { currentPassword: 'not mine at all' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ error: serverMessages.currentPasswordWrong, code: 'current_password_wrong' });
    expect((await t.app.inject(`/api/users/profile/${member.username}`)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me/votes', headers: member.auth })).statusCode).toBe(200);
  });

  it('counts wrong passwords as wrong logins, so it cannot be used to guess', async () => {
    const member = await createMember(t.app);
    const ip = '10.1.222.1';
    const attempt = (currentPassword: string) =>
      t.app.inject({ method: 'DELETE', url: '/api/users/delete', headers: member.auth, payload: { currentPassword }, remoteAddress: ip });
    for (let i = 0; i < LOGIN_LIMITS.pair.limit; i += 1) expect((await attempt(`guess number ${i}`)).statusCode).toBe(403);
    const limited = await attempt(MEMBER_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(member.username, MEMBER_PASSWORD, ip)).statusCode).toBe(429);
    expect((await t.app.inject(`/api/users/profile/${member.username}`)).statusCode).toBe(200);
  });

  it('removes the account and its sessions', async () => {
    const member = await createMember(t.app);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/delete',
      headers: member.auth,
      payload: { currentPassword: MEMBER_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.accountDeleted });
    expect((await t.app.inject(`/api/users/profile/${member.username}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/store', headers: member.auth })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh: member.refreshToken } })).statusCode).toBe(
      401,
    );
    expect((await login(member.username, MEMBER_PASSWORD)).statusCode).toBe(401);
  });
});

describe('deleting an account with votes', () => {
  it('removes its votes and pending submissions, adjusts the counters, and keeps watch clicks without the user', async () => {
    const leaving = await createMember(t.app);
    const staying = await createMember(t.app);
    const [f1, f2, f3] = [await createFilm(t.app), await createFilm(t.app), await createFilm(t.app)];
    const post = (url: string, who: typeof leaving, payload: object) => t.app.inject({ method: 'POST', url, headers: who.auth, payload });
    const votes = [
      post('/api/mentions/mentioned', leaving, { user_id: leaving.userId, film_id: f1?.filmId, mentioned: false }),
      post('/api/mentions/mentioned', leaving, { user_id: leaving.userId, film_id: f2?.filmId, mentioned: true }),
      post('/api/mentions/mentioned', leaving, { user_id: leaving.userId, film_id: f3?.filmId, mentioned: true }),
      post('/api/ratings/rate', leaving, { user_id: leaving.userId, film_id: f3?.filmId, rating: 9 }),
      post('/api/ratings/rate', leaving, { user_id: leaving.userId, film_id: f1?.filmId, rating: 4 }),
      post('/api/mentions/mentioned', staying, { user_id: staying.userId, film_id: f1?.filmId, mentioned: true }),
      post('/api/ratings/rate', staying, { user_id: staying.userId, film_id: f1?.filmId, rating: 7 }),
    ];
    for (const vote of votes) expect((await vote).statusCode).toBe(201);
    expect((await post('/api/watch/authclick', leaving, { user_id: leaving.userId, film_id: f2?.filmId })).statusCode).toBe(201);
    expect(
      (
        await post('/api/films/reviewfilm', leaving, {
          title: unique('Pending Film '),
          release_year: '1999',
          description: 'A pending one.',
        })
      ).statusCode,
    ).toBe(201);

    const before = (await storedCounters(t.app)).find((c) => c.filmId === f1?.filmId);
    expect(before).toMatchObject({ n: 1, h: 0, r: 2, s: 11 });

    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/api/users/delete',
          headers: leaving.auth,
          payload: { currentPassword: MEMBER_PASSWORD },
        })
      ).statusCode,
    ).toBe(200);

    expect(await storedCounters(t.app)).toEqual(await recountedCounters(t.app));
    const after = await storedCounters(t.app);
    expect(after.find((c) => c.filmId === f1?.filmId)).toMatchObject({ n: 0, h: 0, r: 1, s: 7 });
    expect(after.find((c) => c.filmId === f2?.filmId)).toMatchObject({ n: 0, h: 0, r: 0, s: 0 });
    expect(after.find((c) => c.filmId === f3?.filmId)).toMatchObject({ n: 0, h: 0, r: 0, s: 0 });

    const pending = await t.app.db.select().from(submissions).where(eq(submissions.userId, leaving.userId));
    expect(pending).toEqual([]);
    const clicks = await t.app.db
      .select()
      .from(watchClicks)
      .where(eq(watchClicks.filmId, f2?.filmId ?? 0));
    expect(clicks).toHaveLength(1);
    expect(clicks[0]?.userId).toBeNull();

    const list = (await t.app.inject('/api/films/allfilms')).json<{ films: { film_id: number; score: number }[] }>();
    // f1 now has R=1, S=7, H=0, N=0: the average of 0 and 7/10/1*100.
    expect(list.films.find((f) => f.film_id === f1?.filmId)?.score).toBeCloseTo(35);
  });
});

describe('usernames that only look new', () => {
  it('a fullwidth copy of a taken name is taken; "." and ".." are refused', async () => {
    const { username } = await signUp(t, { username: unique('Plain'), until: 'verified' });
    const fullwidth = [...username]
      .map((c) => (/[A-Za-z0-9]/.test(c) ? String.fromCodePoint((c.codePointAt(0) ?? 0) + 0xfee0) : c))
      .join('');
    const copy = await register({ username: fullwidth, email: `${unique('copy')}@example.com`, password: MEMBER_PASSWORD }, '10.55.0.1');
    expect(copy.statusCode).toBe(409);
    expect(copy.json()).toMatchObject({ error: messages.usernameTaken });
    for (const name of ['.', '..']) {
      const refused = await register({ username: name, email: `${unique('dots')}@example.com`, password: MEMBER_PASSWORD }, '10.55.0.2');
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: messages.usernameNeedsLetter });
    }
  });
});
