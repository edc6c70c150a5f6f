import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages, serverMessages } from '@filmlist/shared/messages';
import { PASSWORD_RESET_TTL_MS } from '@filmlist/shared/constants';
import { outbox, users } from '../../db/schema.js';
import { MAIL_LIMITS } from '../../mail/quota.js';
import { RATE_LIMITS } from '../../plugins/rate-limit.js';
import { MEMBER_PASSWORD, createMember, unique } from '../../../test/support/factories.js';
import { queuedMail } from '../../../test/support/queued-mail.js';
import { createTestApp, type TestApp, useTestApp } from '../../../test/support/test-app.js';
import { freshClientAddress } from '../../../test/support/http.js';

/** Account recovery (docs/product.md §Account recovery): forgot password, reset, resend verification. */
const t = useTestApp();

const NEW_PASSWORD = 'a brand new passphrase 73';
/** A request, and then whatever it started in the background (recovery mail is sent after the answer). */
async function post(url: string, payload: object, remoteAddress = freshClientAddress(), app: TestApp = t) {
  const res = await app.app.inject({ method: 'POST', url, payload, remoteAddress });
  await app.app.background.idle();
  return res;
}
const login = (username: string, password: string) => post('/api/users/login', { username, password });

/** The token at the end of the newest link of this kind mailed to the address. */
async function linkIn(app: TestApp, to: string, path: 'reset-password' | 'verification'): Promise<string | undefined> {
  const mail = await queuedMail(app.app, to);
  const last = mail.filter((m) => m.textBody.includes(`/${path}/`)).at(-1);
  return new RegExp(`/${path}/([A-Za-z0-9_-]+)`).exec(last?.textBody ?? '')?.[1];
}

describe('forgot password', () => {
  it('answers the same for a registered address and an unknown one, and mails only the registered one', async () => {
    const member = await createMember(t.app);
    const unknown = `${unique('nobody')}@example.com`;
    const known = await post('/api/users/forgot-password', { email: member.email.toUpperCase() });
    const nobody = await post('/api/users/forgot-password', { email: unknown });
    expect(known.statusCode).toBe(200);
    expect(nobody.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: serverMessages.recoveryMailSent });
    expect(nobody.json()).toEqual(known.json());
    expect(await queuedMail(t.app, unknown)).toEqual([]);
    const mail = await queuedMail(t.app, member.email);
    expect(mail.map((m) => m.kind)).toEqual(['password-reset']);
    expect(mail[0]?.htmlBody).toContain('/reset-password/');
  });

  it('reads the address without the spaces around it, as a phone keyboard leaves them', async () => {
    const member = await createMember(t.app);
    const res = await post('/api/users/forgot-password', { email: ` ${member.email.toUpperCase()} ` });
    expect(res.json()).toEqual({ message: serverMessages.recoveryMailSent });
    expect((await queuedMail(t.app, member.email)).map((m) => m.kind)).toEqual(['password-reset']);
  });

  it('mails nothing to an account that is not verified', async () => {
    const member = await createMember(t.app, { verified: false });
    expect((await post('/api/users/forgot-password', { email: member.email })).statusCode).toBe(200);
    expect(await queuedMail(t.app, member.email)).toEqual([]);
  });

  it('refuses a malformed address with its message', async () => {
    const res = await post('/api/users/forgot-password', { email: 'not an address' });
    expect(res.statusCode).toBe(400);
  });

  it('cannot be used by a stranger to refuse the owner, and caps what one mailbox receives', async () => {
    const member = await createMember(t.app);
    const stranger = freshClientAddress();
    const asked = [];
    for (let i = 0; i < MAIL_LIMITS.perAddressAndClient.limit + 2; i += 1) {
      asked.push((await post('/api/users/forgot-password', { email: member.email }, stranger)).statusCode);
    }
    // Always the same answer; the stranger's requests stop causing mail after a few.
    expect(asked.every((status) => status === 200)).toBe(true);
    expect(await queuedMail(t.app, member.email)).toHaveLength(MAIL_LIMITS.perAddressAndClient.limit);
    // The owner, from their own address, still gets a link.
    expect((await post('/api/users/forgot-password', { email: member.email })).statusCode).toBe(200);
    expect(await queuedMail(t.app, member.email)).toHaveLength(MAIL_LIMITS.perAddressAndClient.limit + 1);
  });

  it('is not refused because sign-ups with the address were refused (they sent nothing)', async () => {
    const member = await createMember(t.app);
    for (let i = 0; i < 6; i += 1) {
      const refused = await post('/api/users/register', {
        username: unique('taker'),
        email: member.email.toUpperCase(),
        password: NEW_PASSWORD,
      });
      expect(refused.statusCode).toBe(409);
    }
    expect((await post('/api/users/forgot-password', { email: member.email })).statusCode).toBe(200);
    expect((await queuedMail(t.app, member.email)).map((m) => m.kind)).toEqual(['password-reset']);
  });

  it('is limited per client address, with Retry-After', async () => {
    const ip = freshClientAddress();
    for (let i = 0; i < RATE_LIMITS.recovery.ip.limit; i += 1) {
      expect((await post('/api/users/forgot-password', { email: `${unique('any')}@example.com` }, ip)).statusCode).toBe(200);
    }
    const limited = await post('/api/users/forgot-password', { email: `${unique('any')}@example.com` }, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('resetting the password with the link', () => {
  it('sets the new password once, ends every session, and the old password stops working', async () => {
    const member = await createMember(t.app);
    await post('/api/users/forgot-password', { email: member.email });
    const token = (await linkIn(t, member.email, 'reset-password')) ?? '';
    const reset = await post('/api/users/reset-password', { token, password: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: serverMessages.passwordResetDone });
    expect(reset.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ url: '/api/me/votes', headers: member.auth })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', { refresh: member.refreshToken })).statusCode).toBe(401);
    expect((await login(member.username, MEMBER_PASSWORD)).statusCode).toBe(401);
    expect((await login(member.username, NEW_PASSWORD)).statusCode).toBe(200);
    const again = await post('/api/users/reset-password', { token, password: 'yet another passphrase 99' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: messages.resetLinkInvalid, code: 'reset_link_invalid' });
  });

  it('keeps the password policy', async () => {
    const member = await createMember(t.app);
    await post('/api/users/forgot-password', { email: member.email });
    const token = (await linkIn(t, member.email, 'reset-password')) ?? '';
    const weak = await post('/api/users/reset-password', { token, password: 'password123' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ error: messages.passwordTooCommon });
    // The refused attempt did not use the link up.
    expect((await post('/api/users/reset-password', { token, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('works for an hour only, and only the newest link works', async () => {
    const app = await createTestApp();
    try {
      const member = await createMember(app.app);
      const ask = () => post('/api/users/forgot-password', { email: member.email }, freshClientAddress(), app);
      const use = (token: string) =>
        app.app.inject({ method: 'POST', url: '/api/users/reset-password', payload: { token, password: NEW_PASSWORD } });
      await ask();
      const first = (await linkIn(app, member.email, 'reset-password')) ?? '';
      await ask();
      const second = (await linkIn(app, member.email, 'reset-password')) ?? '';
      expect(second).not.toBe(first);
      expect((await use(first)).statusCode).toBe(400);
      app.clock.advance(PASSWORD_RESET_TTL_MS + 1000);
      expect((await use(second)).statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });

  it('is not a verification link, and a verification link is not a reset link', async () => {
    const member = await createMember(t.app);
    await post('/api/users/forgot-password', { email: member.email });
    const reset = (await linkIn(t, member.email, 'reset-password')) ?? '';
    expect((await t.app.inject(`/api/users/verification/${reset}`)).statusCode).toBe(400);
    expect((await post('/api/users/reset-password', { token: reset, password: NEW_PASSWORD })).statusCode).toBe(200);

    const username = unique('fresh');
    const email = `${username}@example.com`;
    expect((await post('/api/users/register', { username, email, password: MEMBER_PASSWORD })).statusCode).toBe(201);
    const verification = (await linkIn(t, email, 'verification')) ?? '';
    expect((await post('/api/users/reset-password', { token: verification, password: NEW_PASSWORD })).statusCode).toBe(400);
    expect((await t.app.inject(`/api/users/verification/${verification}`)).statusCode).toBe(200);
  });
});

describe('a reset takes the account back', () => {
  it('cancels a pending email change (an intruder’s): its link then fails and the address stays', async () => {
    const victim = await createMember(t.app);
    const intruder = `${unique('intruder')}@example.com`;
    const change = await t.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${victim.userId}`,
      headers: victim.auth,
      payload: { email: intruder, currentPassword: MEMBER_PASSWORD },
    });
    expect(change.statusCode).toBe(200);
    // The victim's own mailbox hears of the request at once.
    expect((await queuedMail(t.app, victim.email)).map((m) => m.kind)).toEqual(['email-change-requested']);
    const intruderLink = (await linkIn(t, intruder, 'verification')) ?? '';

    await post('/api/users/forgot-password', { email: victim.email });
    const reset = (await linkIn(t, victim.email, 'reset-password')) ?? '';
    expect((await post('/api/users/reset-password', { token: reset, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await t.app.inject(`/api/users/verification/${intruderLink}`)).statusCode).toBe(400);
    const [row] = await t.app.db.select().from(users).where(eq(users.userId, victim.userId));
    expect({ email: row?.email, pending: row?.pendingEmail }).toEqual({ email: victim.email, pending: null });
  });

  it('leaves no reset link working once the email has moved, or the password was changed', async () => {
    const moving = await createMember(t.app);
    await post('/api/users/forgot-password', { email: moving.email });
    const oldMailboxLink = (await linkIn(t, moving.email, 'reset-password')) ?? '';
    const next = `${unique('moved')}@example.com`;
    await t.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${moving.userId}`,
      headers: moving.auth,
      payload: { email: next, currentPassword: MEMBER_PASSWORD },
    });
    expect((await t.app.inject(`/api/users/verification/${(await linkIn(t, next, 'verification')) ?? ''}`)).statusCode).toBe(200);
    expect((await queuedMail(t.app, moving.email)).map((m) => m.kind)).toContain('email-changed');
    expect((await post('/api/users/reset-password', { token: oldMailboxLink, password: NEW_PASSWORD })).statusCode).toBe(400);

    const changing = await createMember(t.app);
    await post('/api/users/forgot-password', { email: changing.email });
    const link = (await linkIn(t, changing.email, 'reset-password')) ?? '';
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${changing.userId}`,
      headers: changing.auth,
      payload: { password: NEW_PASSWORD, currentPassword: MEMBER_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    expect((await post('/api/users/reset-password', { token: link, password: 'yet another passphrase 99' })).statusCode).toBe(400);
  });
});

describe('resend verification', () => {
  it('mails a new link to an account waiting for one, and the previous link stops working', async () => {
    const username = unique('late');
    const email = `${username}@example.com`;
    expect((await post('/api/users/register', { username, email, password: MEMBER_PASSWORD })).statusCode).toBe(201);
    const first = (await linkIn(t, email, 'verification')) ?? '';
    const resent = await post('/api/users/resend-verification', { email });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ message: serverMessages.verificationResent });
    const second = (await linkIn(t, email, 'verification')) ?? '';
    expect(second).not.toBe(first);
    expect((await t.app.inject(`/api/users/verification/${first}`)).statusCode).toBe(400);
    expect((await t.app.inject(`/api/users/verification/${second}`)).statusCode).toBe(200);
    expect((await login(username, MEMBER_PASSWORD)).statusCode).toBe(200);
  });

  it('answers the same, and mails nothing, for a verified account and an unknown address', async () => {
    const member = await createMember(t.app);
    const before = (await t.app.db.select().from(outbox).where(eq(outbox.recipient, member.email))).length;
    const verified = await post('/api/users/resend-verification', { email: member.email });
    const unknown = await post('/api/users/resend-verification', { email: `${unique('ghost')}@example.com` });
    expect(verified.json()).toEqual({ message: serverMessages.verificationResent });
    expect(unknown.json()).toEqual(verified.json());
    expect((await t.app.db.select().from(outbox).where(eq(outbox.recipient, member.email))).length).toBe(before);
  });
});
