import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { filmBody, filmList } from '@filmlist/shared/api/films';
import { reviewHistoryAnswer } from '@filmlist/shared/api/reviewers';
import { messages, serverMessages } from '@filmlist/shared/messages';
import { auditLog, mentions, ratings } from '../../db/schema.js';
import { RATE_LIMITS } from '../../plugins/rate-limit.js';
import { createFilm, createMember, createReviewer, unique, type TestMember } from '../../../test/support/factories.js';
import { recountedCounters, storedCounters } from '../../../test/support/recount.js';
import { useTestApp } from '../../../test/support/test-app.js';

/** Reviewers' tools (docs/product.md §Reviewer tools): history, editing and removing a film, and the audit record. */
const t = useTestApp();
let reviewer: TestMember;
let member: TestMember;
beforeAll(async () => {
  reviewer = await createReviewer(t.app);
  member = await createMember(t.app);
});

const LOGLINE = 'A quiet film about a loud family.';
const send = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, who: TestMember | null, payload?: object) =>
  t.app.inject({ method, url, ...(who ? { headers: who.auth } : {}), ...(payload ? { payload } : {}) });
const history = async () => reviewHistoryAnswer.parse((await send('GET', '/api/films/review-history', reviewer)).json());

describe('the review history', () => {
  it('lists each decision newest first: who, when, add or reject, and the reason', async () => {
    const added = unique('Added Film ');
    const rejected = unique('Rejected Film ');
    for (const title of [added, rejected]) {
      expect((await send('POST', '/api/films/reviewfilm', member, { title, release_year: '1999', description: LOGLINE })).statusCode).toBe(
        201,
      );
    }
    expect(
      (
        await send('POST', '/api/films/addfilm', reviewer, {
          title: added,
          release_year: '1999',
          description: LOGLINE,
          userId: member.userId,
        })
      ).statusCode,
    ).toBe(200);
    t.clock.advance(1000);
    expect(
      (
        await send('POST', '/api/films/reject', reviewer, {
          title: rejected,
          release_year: '1999',
          userId: member.userId,
          reason: 'Not undervalued.',
        })
      ).statusCode,
    ).toBe(200);

    const [newest, before] = (await history()).entries;
    expect(newest).toMatchObject({
      action: 'reject',
      title: rejected,
      release_year: 1999,
      reviewer: reviewer.username,
      reason: 'Not undervalued.',
      film_slug: null,
    });
    expect(before).toMatchObject({ action: 'add', title: added, reviewer: reviewer.username, reason: null });
    expect(before?.film_slug).toMatch(/^added-film-/);
    expect(Date.parse(newest?.at ?? '')).toBeGreaterThan(Date.parse(before?.at ?? ''));
  });

  it('pages: `next` gives the older entries', async () => {
    for (let i = 0; i < 55; i += 1) {
      expect(
        (await send('POST', '/api/films/addfilm', reviewer, { title: unique('Paged Film '), release_year: '2002', description: LOGLINE }))
          .statusCode,
      ).toBe(200);
    }
    const first = await history();
    expect(first.entries).toHaveLength(50);
    expect(first.next).not.toBeNull();
    const second = reviewHistoryAnswer.parse((await send('GET', `/api/films/review-history?before=${first.next ?? 0}`, reviewer)).json());
    expect(second.entries.length).toBeGreaterThan(0);
    expect(second.entries[0]?.audit_id).toBeLessThan(first.entries.at(-1)?.audit_id ?? 0);
  });

  it('is for reviewers only: 401 for a visitor, 403 for a member', async () => {
    expect((await send('GET', '/api/films/review-history', null)).statusCode).toBe(401);
    const refused = await send('GET', '/api/films/review-history', member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: messages.reviewerOnly, code: 'reviewer_only' });
  });
});

describe('editing a film', () => {
  it('changes its fields, moves its page and keeps the old address as a permanent redirect', async () => {
    const film = await createFilm(t.app, { title: unique('Old Name '), releaseYear: 2001 });
    const title = unique('New Name ');
    const res = await send('PUT', `/api/films/${film.filmId}`, reviewer, {
      title,
      release_year: '2003',
      description: 'A new logline.',
      watchLink: 'https://watch.example/x',
      reason: 'Typo',
    });
    expect(res.statusCode).toBe(200);
    const edited = filmBody.parse(res.json()).film;
    expect(edited).toMatchObject({
      film_id: film.filmId,
      title,
      release_year: 2003,
      description: 'A new logline.',
      watch_link: 'https://watch.example/x',
    });
    expect(edited.slug).not.toBe(film.slug);

    const page = await t.app.inject(`/films/${film.slug}`);
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe(`/films/${edited.slug}`);
    const details = await t.app.inject({ url: '/api/films/filmdetails', query: { slug: film.slug } });
    expect(filmBody.parse(details.json()).film.slug).toBe(edited.slug);

    const [record] = (await history()).entries;
    expect(record).toMatchObject({ action: 'edit', reviewer: reviewer.username, title, reason: 'Typo' });
    expect(record?.changes).toMatchObject({ title: { from: film.title, to: title }, release_year: { from: 2001, to: 2003 } });
  });

  it('keeps every add-film rule and refuses a duplicate with its message', async () => {
    const film = await createFilm(t.app);
    const other = await createFilm(t.app);
    const rule = await send('PUT', `/api/films/${film.filmId}`, reviewer, {
      title: 'https://x.example',
      release_year: '2001',
      description: LOGLINE,
    });
    expect(rule.statusCode).toBe(400);
    expect(rule.json()).toMatchObject({ error: messages.titleIsLink });
    const duplicate = await send('PUT', `/api/films/${film.filmId}`, reviewer, {
      title: other.title,
      release_year: String(other.releaseYear),
      description: LOGLINE,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ error: messages.filmAlreadyListed });
    expect(
      (await send('PUT', '/api/films/999999', reviewer, { title: unique('Nowhere '), release_year: '2001', description: LOGLINE }))
        .statusCode,
    ).toBe(404);
  });

  it('is for reviewers only, and rate-limited like every write', async () => {
    const film = await createFilm(t.app);
    const body = { title: unique('Try '), release_year: '2001', description: LOGLINE };
    expect((await send('PUT', `/api/films/${film.filmId}`, null, body)).statusCode).toBe(401);
    expect((await send('PUT', `/api/films/${film.filmId}`, member, body)).statusCode).toBe(403);
    const busy = await createReviewer(t.app);
    // Refused bodies count too: the limit runs before validation.
    for (let i = 0; i < RATE_LIMITS.write.account.limit; i += 1) await send('PUT', `/api/films/${film.filmId}`, busy, {});
    const limited = await send('PUT', `/api/films/${film.filmId}`, busy, body);
    expect(limited.statusCode).toBe(429);
  });
});

describe('removing a film', () => {
  it('takes it off the list with its answers and ratings; other films keep exact counters; the record stays', async () => {
    const [gone, kept] = [await createFilm(t.app), await createFilm(t.app)];
    const voters = [await createMember(t.app), await createMember(t.app)];
    for (const voter of voters) {
      for (const film of [gone, kept]) {
        const vote = { user_id: voter.userId, film_id: film.filmId };
        expect((await send('POST', '/api/mentions/mentioned', voter, { ...vote, mentioned: true })).statusCode).toBe(201);
        expect((await send('POST', '/api/ratings/rate', voter, { ...vote, rating: 8 })).statusCode).toBe(201);
      }
    }
    const res = await send('DELETE', `/api/films/${gone.filmId}`, reviewer, { reason: 'A duplicate of another film.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: serverMessages.filmRemoved });

    const list = filmList.parse((await send('GET', '/api/films/allfilms', null)).json()).films;
    expect(list.map((f) => f.film_id)).not.toContain(gone.filmId);
    expect(list.find((f) => f.film_id === kept.filmId)?.score).toBeGreaterThan(0);
    expect(await t.app.db.select().from(mentions).where(eq(mentions.filmId, gone.filmId))).toEqual([]);
    expect(await t.app.db.select().from(ratings).where(eq(ratings.filmId, gone.filmId))).toEqual([]);
    expect(await storedCounters(t.app)).toEqual(await recountedCounters(t.app));
    const votes = (await send('GET', '/api/me/votes', voters[0] ?? null)).json<{ ratings: Record<string, number> }>();
    expect(Object.keys(votes.ratings)).toEqual([String(kept.filmId)]);

    const [record] = (await history()).entries;
    expect(record).toMatchObject({
      action: 'remove',
      title: gone.title,
      release_year: gone.releaseYear,
      reason: 'A duplicate of another film.',
      film_slug: null,
    });
    expect((await send('DELETE', `/api/films/${gone.filmId}`, reviewer)).statusCode).toBe(404);
  });

  it('keeps the records of a reviewer whose account goes', async () => {
    const leaving = await createReviewer(t.app);
    const film = await createFilm(t.app);
    expect((await send('DELETE', `/api/films/${film.filmId}`, leaving)).statusCode).toBe(200);
    expect((await send('DELETE', '/api/users/delete', leaving, { currentPassword: leaving.password })).statusCode).toBe(200);
    const kept = await t.app.db.select().from(auditLog).where(eq(auditLog.actorUsername, leaving.username));
    expect(kept.map((r) => [r.action, r.actorId])).toEqual([['remove', null]]);
  });

  it('is for reviewers only', async () => {
    const film = await createFilm(t.app);
    expect((await send('DELETE', `/api/films/${film.filmId}`, null)).statusCode).toBe(401);
    expect((await send('DELETE', `/api/films/${film.filmId}`, member)).statusCode).toBe(403);
    expect((await send('GET', `/api/films/filmdetails?slug=${film.slug}`, null)).statusCode).toBe(200);
  });
});
