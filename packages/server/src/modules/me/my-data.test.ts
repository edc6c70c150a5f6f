import { beforeAll, describe, expect, it } from 'vitest';
import { myExport, mySubmissionsAnswer } from '@filmlist/shared/api/me';
import { serverMessages } from '@filmlist/shared/messages';
import { RATE_LIMITS } from '../../plugins/rate-limit.js';
import { createFilm, createMember, createReviewer, createSubmission, unique, type TestMember } from '../../../test/support/factories.js';
import { useTestApp } from '../../../test/support/test-app.js';

/** A member's own contributions and data (docs/product.md §Member screens, §Download my data). */
const t = useTestApp();
let reviewer: TestMember;
beforeAll(async () => {
  reviewer = await createReviewer(t.app);
});

const LOGLINE = 'A quiet film about a loud family.';
const send = (method: 'GET' | 'DELETE' | 'POST' | 'PUT', url: string, who: TestMember | null, payload?: object) =>
  t.app.inject({ method, url, ...(who ? { headers: who.auth } : {}), ...(payload ? { payload } : {}) });
const mine = async (who: TestMember) => mySubmissionsAnswer.parse((await send('GET', '/api/me/submissions', who)).json()).submissions;

describe('my submissions', () => {
  it('lists them newest first, pending, added with the film, or rejected with the reason', async () => {
    const member = await createMember(t.app);
    const [added, rejected, waiting] = [unique('Added One '), unique('Rejected One '), unique('Waiting One ')];
    for (const title of [added, rejected, waiting]) {
      await createSubmission(t.app, member, { title, description: LOGLINE });
      t.clock.advance(1000);
    }
    await send('POST', '/api/films/addfilm', reviewer, { title: added, release_year: '1999', description: LOGLINE, userId: member.userId });
    await send('POST', '/api/films/reject', reviewer, {
      title: rejected,
      release_year: '1999',
      userId: member.userId,
      reason: 'Too well known.',
    });

    const list = await mine(member);
    expect(list.map((s) => [s.title, s.state])).toEqual([
      [waiting, 'pending'],
      [rejected, 'rejected'],
      [added, 'added'],
    ]);
    expect(list[1]).toMatchObject({ reason: 'Too well known.', film_slug: null });
    expect(list[2]?.film_slug).toMatch(/^added-one-/);
    expect(list[2]?.decided_at).not.toBeNull();
    expect(list[0]).toMatchObject({ decided_at: null, reason: null, film_slug: null });
  });

  it('shows only the caller’s own, and needs a member', async () => {
    const [a, b] = [await createMember(t.app), await createMember(t.app)];
    await createSubmission(t.app, a, { title: unique('Only Mine '), description: LOGLINE });
    expect(await mine(b)).toEqual([]);
    expect((await send('GET', '/api/me/submissions', null)).statusCode).toBe(401);
  });
});

describe('withdrawing a submission', () => {
  it('removes a pending one; a decided one gets 409; another member’s gets 404', async () => {
    const member = await createMember(t.app);
    const other = await createMember(t.app);
    const [pending, decided] = [unique('Change Of Mind '), unique('Too Late ')];
    await createSubmission(t.app, member, { title: pending, description: LOGLINE });
    await createSubmission(t.app, member, { title: decided, description: LOGLINE });
    await send('POST', '/api/films/reject', reviewer, { title: decided, release_year: '1999', userId: member.userId });
    const ids = Object.fromEntries((await mine(member)).map((s) => [s.title, s.submission_id]));

    expect((await send('DELETE', `/api/me/submissions/${ids[pending] ?? 0}`, other)).statusCode).toBe(404);
    const late = await send('DELETE', `/api/me/submissions/${ids[decided] ?? 0}`, member);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: serverMessages.submissionNotPending });
    const ok = await send('DELETE', `/api/me/submissions/${ids[pending] ?? 0}`, member);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: serverMessages.submissionWithdrawn });
    expect((await mine(member)).map((s) => s.title)).toEqual([decided]);
    // The film can be submitted again, and the reviewers' queue no longer has it.
    const queue = (await send('GET', '/api/films/submissions', reviewer)).json<{ submissions: { title: string }[] }>();
    expect(queue.submissions.map((s) => s.title)).not.toContain(pending);
    expect((await send('DELETE', '/api/me/submissions/abc', member)).statusCode).toBe(400);
  });
});

describe('download my data', () => {
  it('is a JSON file of the account without secrets, its answers, ratings, submissions and watchlist', async () => {
    const member = await createMember(t.app);
    const film = await createFilm(t.app);
    const saved = await createFilm(t.app);
    await send('POST', '/api/mentions/mentioned', member, { user_id: member.userId, film_id: film.filmId, mentioned: false });
    await send('POST', '/api/ratings/rate', member, { user_id: member.userId, film_id: film.filmId, rating: 9 });
    await createSubmission(t.app, member, { title: unique('Exported '), description: LOGLINE });
    expect((await t.app.inject({ method: 'PUT', url: `/api/me/watchlist/${saved.filmId}`, headers: member.auth })).statusCode).toBe(201);

    const res = await send('GET', '/api/me/export', member);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="the-film-list-.+\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = myExport.parse(res.json());
    expect(data.account).toMatchObject({ user_id: member.userId, username: member.username, email: member.email, verified: true });
    expect(data.mentions.map((m) => [m.film.film_id, m.heard_before])).toEqual([[film.filmId, false]]);
    expect(data.ratings).toEqual([expect.objectContaining({ rating: 9 })]);
    expect(data.submissions).toHaveLength(1);
    expect(data.watchlist).toEqual([
      {
        film: { film_id: saved.filmId, title: saved.title, release_year: saved.releaseYear, slug: saved.slug },
        added_at: t.clock.now().toISOString(),
      },
    ]);
    expect(res.body).not.toMatch(/argon2|password|token/i);
    expect((await send('GET', '/api/me/export', null)).statusCode).toBe(401);
  });
});

describe('a member’s own data, under the write limit', () => {
  it('answers 429 with Retry-After past it, to withdrawals, watchlist changes and downloads alike', async () => {
    const member = await createMember(t.app);
    // Refused ids count too: the limit runs before validation.
    for (let i = 0; i < RATE_LIMITS.write.account.limit; i += 1) await send('DELETE', '/api/me/submissions/x', member);
    for (const [method, url] of [
      ['DELETE', '/api/me/submissions/1'],
      ['GET', '/api/me/export'],
      ['PUT', '/api/me/watchlist/1'],
      ['DELETE', '/api/me/watchlist/1'],
      ['GET', '/api/me/export/watchlist.csv'],
      ['GET', '/api/me/export/ratings.csv'],
    ] as const) {
      const limited = await send(method, url, member);
      expect(limited.statusCode, url).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});
