import { describe, expect, it } from 'vitest';
import { loginAnswer } from '@filmlist/shared/api/users';
import { MEMBER_PASSWORD, createMember, createReviewer, unique, type TestMember } from '../../../test/support/factories.js';
import { queuedMail, verificationToken } from '../../../test/support/queued-mail.js';
import { reviewerEmail, TEST_REVIEWERS, useTestApp } from '../../../test/support/test-app.js';

/**
 * The reviewer role is bound to a verified mailbox (REVIEWERS lists addresses),
 * never to anything a member can choose (docs/product.md §Reviewer role).
 */
const t = useTestApp();

const queue = (auth: { authorization: string }) => t.app.inject({ url: '/api/films/submissions', headers: auth });
const put = (member: TestMember, payload: Record<string, string>) =>
  t.app.inject({ method: 'PUT', url: `/api/users/profile/${member.userId}`, headers: member.auth, payload });

describe('the reviewer role', () => {
  it('is not granted by signing up with, or renaming to, a reviewer’s username', async () => {
    // The listed addresses are rita@…, rex@…, ruth@…: their usernames mean nothing.
    const lookalike = await createMember(t.app, { username: TEST_REVIEWERS[1] });
    expect((await queue(lookalike.auth)).statusCode).toBe(403);
    const renamer = await createMember(t.app);
    expect((await put(renamer, { username: TEST_REVIEWERS[2] })).statusCode).toBe(200);
    expect((await queue(renamer.auth)).statusCode).toBe(403);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { username: TEST_REVIEWERS[2], password: MEMBER_PASSWORD },
    });
    expect(loginAnswer.parse(login.json()).user.isReviewer).toBe(false);
  });

  it('is not granted to an unverified sign-up with a reviewer’s address, which cannot log in', async () => {
    const address = reviewerEmail(TEST_REVIEWERS[2]);
    const username = unique('squat');
    const signed = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { username, email: address, password: MEMBER_PASSWORD },
    });
    expect(signed.statusCode).toBe(201);
    const login = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { username, password: MEMBER_PASSWORD } });
    expect(login.statusCode).toBe(403);
  });

  it('comes with the verified address, at the next request on the token already held, and goes with it', async () => {
    const member = await createMember(t.app);
    const address = reviewerEmail(TEST_REVIEWERS[2]).toUpperCase();
    expect((await put(member, { email: address, currentPassword: MEMBER_PASSWORD })).statusCode).toBe(200);
    // Pending: an address waiting for its link grants nothing.
    expect((await queue(member.auth)).statusCode).toBe(403);
    const link = await verificationToken(t.app, address);
    expect((await t.app.inject(`/api/users/verification/${link}`)).statusCode).toBe(200);
    expect((await queue(member.auth)).statusCode).toBe(200);

    const elsewhere = `${unique('away')}@example.com`;
    expect((await put(member, { email: elsewhere, currentPassword: MEMBER_PASSWORD })).statusCode).toBe(200);
    expect((await queue(member.auth)).statusCode).toBe(200);
    const away = await verificationToken(t.app, elsewhere);
    expect((await t.app.inject(`/api/users/verification/${away}`)).statusCode).toBe(200);
    expect((await queue(member.auth)).statusCode).toBe(403);
  });

  it('decides who receives review-request mail', async () => {
    const reviewer = await createReviewer(t.app);
    const lookalike = await createMember(t.app, { username: unique('rita') });
    const member = await createMember(t.app);
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/films/reviewfilm',
      headers: member.auth,
      payload: { title: unique('Mailed Film '), release_year: '2001', description: 'A film the reviewers hear of.' },
    });
    expect(submitted.statusCode).toBe(201);
    expect((await queuedMail(t.app, reviewer.email)).some((m) => m.kind === 'review-request')).toBe(true);
    expect(await queuedMail(t.app, lookalike.email)).toEqual([]);
  });
});
