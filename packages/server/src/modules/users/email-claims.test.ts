import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages, serverMessages } from '@filmlist/shared/messages';
import { VERIFICATION_TTL_MS } from '@filmlist/shared/constants';
import { profileAnswer, updateProfileAnswer } from '@filmlist/shared/api/users';
import { emailTokens, outbox, users } from '../../db/schema.js';
import { MAIL_LIMITS } from '../../mail/quota.js';
import { MEMBER_PASSWORD, createMember, unique, type TestMember } from '../../../test/support/factories.js';
import { signUp } from '../../../test/support/accounts.js';
import { freshClientAddress } from '../../../test/support/http.js';
import { queuedMail, verificationToken } from '../../../test/support/queued-mail.js';
import { createTestApp, useTestApp } from '../../../test/support/test-app.js';

/**
 * Who holds an address (docs/product.md §Usernames and emails, §Email changes): only a verified email is
 * taken; a pending change holds nothing, lapses with its link, and is replaced
 * by the next change or cancelled by setting the email back; whoever verifies
 * an address first owns it, and every other claim on it goes.
 */
const t = useTestApp();

const freshAddress = (prefix: string) => `${unique(prefix)}@example.com`;

function changeEmail(member: TestMember, email: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/users/profile/${member.userId}`,
    headers: member.auth,
    payload: { email, currentPassword: MEMBER_PASSWORD },
  });
}
const follow = (token: string) => t.app.inject({ url: `/api/users/verification/${token}`, remoteAddress: freshClientAddress() });
const check = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/check', payload: { email }, remoteAddress: freshClientAddress() });
async function ownProfile(member: TestMember) {
  const [row] = await t.app.db.select({ username: users.username }).from(users).where(eq(users.userId, member.userId));
  const res = await t.app.inject({ url: `/api/users/profile/${row?.username ?? ''}`, headers: member.auth });
  return profileAnswer.parse(res.json()).user;
}
const userRow = async (userId: number) => (await t.app.db.select().from(users).where(eq(users.userId, userId)))[0];
const rowsWithEmail = async (email: string) => t.app.db.select().from(users).where(eq(users.email, email));

describe('a field set to its current value', () => {
  it('answers 200 and writes nothing, for the email in any letter case and for the username', async () => {
    const member = await createMember(t.app);
    const before = await userRow(member.userId);
    const mailBefore = (await t.app.db.select().from(outbox)).length;
    for (const payload of [
      { email: member.email },
      { email: member.email.toUpperCase() },
      { username: member.username },
      { username: member.username, email: member.email },
    ]) {
      const res = await t.app.inject({ method: 'PUT', url: `/api/users/profile/${member.userId}`, headers: member.auth, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(200);
      expect(updateProfileAnswer.parse(res.json())).toMatchObject({ message: serverMessages.profileUnchanged, pendingEmail: null });
    }
    expect(await userRow(member.userId)).toEqual(before);
    expect((await t.app.db.select().from(outbox)).length).toBe(mailBefore);
  });
});

describe('a pending email change', () => {
  it('is cancelled by setting the email back, and its link then fails and changes nothing', async () => {
    const member = await createMember(t.app);
    const typo = freshAddress('typo');
    expect((await changeEmail(member, typo)).statusCode).toBe(200);
    expect((await ownProfile(member)).pendingEmail).toBe(typo);
    const link = await verificationToken(t.app, typo);

    const back = await t.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${member.userId}`,
      headers: member.auth,
      payload: { email: member.email.toUpperCase() },
    });
    expect(back.statusCode).toBe(200);
    expect(updateProfileAnswer.parse(back.json())).toMatchObject({ message: messages.emailChangeCancelled, pendingEmail: null });
    expect((await ownProfile(member)).pendingEmail).toBeNull();

    const followed = await follow(link);
    expect(followed.statusCode).toBe(400);
    expect(followed.json()).toMatchObject({ success: false, error: messages.verificationFailed });
    expect((await userRow(member.userId))?.email).toBe(member.email);
  });

  it('is replaced by a newer change: only the newest link works', async () => {
    const member = await createMember(t.app);
    const first = freshAddress('first');
    const second = freshAddress('second');
    expect((await changeEmail(member, first)).statusCode).toBe(200);
    const firstLink = await verificationToken(t.app, first);
    expect((await changeEmail(member, second)).statusCode).toBe(200);
    const secondLink = await verificationToken(t.app, second);
    expect((await follow(firstLink)).statusCode).toBe(400);
    expect((await userRow(member.userId))?.email).toBe(member.email);
    expect((await follow(secondLink)).statusCode).toBe(200);
    expect((await userRow(member.userId))?.email).toBe(second);
    expect((await ownProfile(member)).pendingEmail).toBeNull();
  });

  it('lapses with its link after 72 hours', async () => {
    const app = await createTestApp();
    try {
      const member = await createMember(app.app);
      const next = freshAddress('late');
      const res = await app.app.inject({
        method: 'PUT',
        url: `/api/users/profile/${member.userId}`,
        headers: member.auth,
        payload: { email: next, currentPassword: MEMBER_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      const link = await verificationToken(app.app, next);
      app.clock.advance(VERIFICATION_TTL_MS + 1000);
      const fresh = await app.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh: member.refreshToken } });
      const auth = { authorization: `Bearer ${fresh.json<{ newAccessToken: string }>().newAccessToken}` };
      const profile = await app.app.inject({ url: `/api/users/profile/${member.username}`, headers: auth });
      expect(profileAnswer.parse(profile.json()).user.pendingEmail).toBeNull();
      expect((await app.app.inject(`/api/users/verification/${link}`)).statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });

  it('holds no address: the owner of the mailbox signs up, and the check says it is free', async () => {
    const squatter = await createMember(t.app);
    const victim = freshAddress('victim');
    expect((await changeEmail(squatter, victim)).statusCode).toBe(200);
    expect((await check(victim)).json()).toMatchObject({ emailExists: false });
    await signUp(t, { username: unique('victim'), email: victim, until: 'registered' });
  });
});

describe('two claims on one address: whoever verifies it first owns it', () => {
  it('a member may change to an address only an unverified sign-up holds; verifying it removes that sign-up', async () => {
    const member = await createMember(t.app);
    const contested = freshAddress('contested');
    await signUp(t, { username: unique('stranger'), email: contested, until: 'registered' });
    const strangerLink = await verificationToken(t.app, contested);
    expect((await check(contested)).json()).toMatchObject({ emailExists: false });

    expect((await changeEmail(member, contested)).statusCode).toBe(200);
    const memberLink = await verificationToken(t.app, contested);
    expect((await follow(memberLink)).statusCode).toBe(200);
    expect((await rowsWithEmail(contested)).map((r) => r.userId)).toEqual([member.userId]);
    expect((await follow(strangerLink)).statusCode).toBe(400);
    expect((await check(contested)).json()).toMatchObject({ emailExists: true });
  });

  it('the sign-up verified first wins; the member’s pending change lapses and its link fails', async () => {
    const member = await createMember(t.app);
    const contested = freshAddress('contested');
    await signUp(t, { username: unique('stranger'), email: contested, until: 'registered' });
    const strangerLink = await verificationToken(t.app, contested);
    expect((await changeEmail(member, contested)).statusCode).toBe(200);
    const memberLink = await verificationToken(t.app, contested);

    expect((await follow(strangerLink)).statusCode).toBe(200);
    expect((await follow(memberLink)).statusCode).toBe(400);
    expect((await userRow(member.userId))?.email).toBe(member.email);
    expect((await ownProfile(member)).pendingEmail).toBeNull();
    const holders = await rowsWithEmail(contested);
    expect(holders.map((r) => r.verified)).toEqual([true]);
  });

  it('a sign-up after a pending change: the member verifies first and the sign-up goes', async () => {
    const member = await createMember(t.app);
    const contested = freshAddress('contested');
    expect((await changeEmail(member, contested)).statusCode).toBe(200);
    const memberLink = await verificationToken(t.app, contested);
    await signUp(t, { username: unique('stranger'), email: contested, until: 'registered' });
    const strangerLink = await verificationToken(t.app, contested);
    expect(strangerLink).not.toBe(memberLink);

    expect((await follow(memberLink)).statusCode).toBe(200);
    expect((await follow(strangerLink)).statusCode).toBe(400);
    expect((await rowsWithEmail(contested)).map((r) => r.userId)).toEqual([member.userId]);
  });

  it('two members changing to one address: the second to verify is refused', async () => {
    const [first, second] = [await createMember(t.app), await createMember(t.app)];
    const contested = freshAddress('contested');
    expect((await changeEmail(first, contested)).statusCode).toBe(200);
    const firstLink = await verificationToken(t.app, contested);
    expect((await changeEmail(second, contested)).statusCode).toBe(200);
    const secondLink = await verificationToken(t.app, contested);

    expect((await follow(secondLink)).statusCode).toBe(200);
    expect((await follow(firstLink)).statusCode).toBe(400);
    expect((await userRow(first.userId))?.email).toBe(first.email);
    expect((await userRow(second.userId))?.email).toBe(contested);
    expect((await ownProfile(first)).pendingEmail).toBeNull();
  });

  it('the check, the sign-up and the profile agree on a verified address', async () => {
    const holder = await createMember(t.app);
    const member = await createMember(t.app);
    expect((await check(holder.email.toUpperCase())).json()).toMatchObject({ emailExists: true });
    const signUpTaken = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { username: unique('late'), email: holder.email.toUpperCase(), password: MEMBER_PASSWORD },
      remoteAddress: freshClientAddress(),
    });
    expect(signUpTaken.statusCode).toBe(409);
    expect(signUpTaken.json()).toMatchObject({ error: messages.emailTaken });
    const changeTaken = await changeEmail(member, holder.email.toUpperCase());
    expect(changeTaken.statusCode).toBe(409);
    expect(changeTaken.json()).toMatchObject({ error: messages.emailTaken });
  });
});

describe('confirmation mail', () => {
  it('is limited per account, per mailbox from one client, and per mailbox in all, per day', async () => {
    const app = await createTestApp();
    try {
      const change = (member: TestMember, email: string, remoteAddress = '10.61.0.1') =>
        app.app.inject({
          method: 'PUT',
          url: `/api/users/profile/${member.userId}`,
          headers: member.auth,
          payload: { email, currentPassword: MEMBER_PASSWORD },
          remoteAddress,
        });
      // One account asking for many different addresses.
      const member = await createMember(app.app);
      for (let i = 0; i < MAIL_LIMITS.perAccount.limit; i += 1)
        expect((await change(member, freshAddress('many'), `10.62.0.${i + 1}`)).statusCode).toBe(200);
      const over = await change(member, freshAddress('many'), '10.62.1.1');
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(3600);

      // Many accounts, from one client, aiming at one mailbox.
      const target = freshAddress('target');
      for (let i = 0; i < MAIL_LIMITS.perAddressAndClient.limit; i += 1)
        expect((await change(await createMember(app.app), target)).statusCode).toBe(200);
      expect((await change(await createMember(app.app), target)).statusCode).toBe(429);
      // From other clients, up to the mailbox's own cap.
      let sent = MAIL_LIMITS.perAddressAndClient.limit;
      for (let client = 2; sent < MAIL_LIMITS.perAddress.limit; client += 1) {
        for (let i = 0; i < MAIL_LIMITS.perAddressAndClient.limit && sent < MAIL_LIMITS.perAddress.limit; i += 1, sent += 1) {
          // A mailbox takes at most an hour's share at a time: the day's budget arrives over hours.
          if (sent % MAIL_LIMITS.perAddressHour.limit === 0) app.clock.advance(MAIL_LIMITS.perAddressHour.windowMs);
          expect((await change(await createMember(app.app), target, `10.63.0.${client}`)).statusCode).toBe(200);
        }
      }
      expect((await change(await createMember(app.app), target, '10.63.1.1')).statusCode).toBe(429);
      expect(await queuedMail(app.app, target)).toHaveLength(MAIL_LIMITS.perAddress.limit);

      // A day later, both are free again.
      app.clock.advance(MAIL_LIMITS.perAddress.windowMs + 1000);
      expect((await change(await createMember(app.app), target)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  }, 60_000);

  it('leaves no email token unused when a change is cancelled', async () => {
    const member = await createMember(t.app);
    expect((await changeEmail(member, freshAddress('undo'))).statusCode).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${member.userId}`,
      headers: member.auth,
      payload: { email: member.email },
    });
    const tokens = await t.app.db.select().from(emailTokens).where(eq(emailTokens.userId, member.userId));
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.every((token) => token.usedAt !== null)).toBe(true);
  });
});
