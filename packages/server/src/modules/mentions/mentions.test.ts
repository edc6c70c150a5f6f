import { beforeAll, describe, expect, it } from 'vitest';
import type { Film } from '@filmlist/shared/api/films';
import { messages, serverMessages } from '@filmlist/shared/messages';
import { createFilm, createMember, type TestMember } from '../../../test/support/factories.js';
import { useTestApp } from '../../../test/support/test-app.js';

const t = useTestApp();
let ann: TestMember;
let ben: TestMember;
beforeAll(async () => {
  ann = await createMember(t.app);
  ben = await createMember(t.app);
});

const UNKNOWN_FILM = 987_654;

function mention(member: TestMember, filmId: unknown, mentioned: unknown, body: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/mentions/mentioned',
    headers: member.auth,
    payload: { user_id: member.userId, film_id: filmId, mentioned, ...body },
  });
}

function check(member: TestMember, filmId: number | string, userId: number = member.userId) {
  return t.app.inject({
    url: `/api/mentions/checkmentioned?user_id=${userId}&film_id=${filmId}`,
    headers: member.auth,
  });
}

async function count(path: 'not-heard-before-count' | 'heard-not-rated-count', filmId: number): Promise<number> {
  const res = await t.app.inject(`/api/mentions/${path}?film_id=${filmId}`);
  expect(res.statusCode).toBe(200);
  return res.json<{ count: number }>().count;
}

async function rankedIds(url: string, member?: TestMember): Promise<number[]> {
  const res = await t.app.inject({ url, headers: member?.auth ?? {} });
  expect(res.statusCode).toBe(200);
  return res.json<{ films: Film[] }>().films.map((f) => f.film_id);
}

describe('POST /api/mentions/mentioned', () => {
  it('records "not heard before" once, adds to N and shows in the check', async () => {
    const film = await createFilm(t.app);
    expect((await check(ann, film.filmId)).json()).toEqual({ hasMentioned: false, mentioned: null });

    const res = await mention(ann, film.filmId, false);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: serverMessages.mentionRecorded,
      mention: { user_id: ann.userId, film_id: film.filmId, mentioned: false },
    });
    expect(await count('not-heard-before-count', film.filmId)).toBe(1);
    expect(await count('heard-not-rated-count', film.filmId)).toBe(0);
    const checked = await check(ann, film.filmId);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ hasMentioned: true, mentioned: false });
  });

  it('records "heard before" in H, not N', async () => {
    const film = await createFilm(t.app);
    expect((await mention(ann, film.filmId, true)).statusCode).toBe(201);
    expect(await count('heard-not-rated-count', film.filmId)).toBe(1);
    expect(await count('not-heard-before-count', film.filmId)).toBe(0);
    expect((await check(ann, film.filmId)).json()).toEqual({ hasMentioned: true, mentioned: true });
  });

  it('answers a second answer with 409 and keeps the first', async () => {
    const film = await createFilm(t.app);
    expect((await mention(ann, film.filmId, true)).statusCode).toBe(201);
    for (const again of [false, true]) {
      const res = await mention(ann, film.filmId, again);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: serverMessages.alreadyMentioned, code: 'already_mentioned' });
    }
    expect((await check(ann, film.filmId)).json()).toEqual({ hasMentioned: true, mentioned: true });
    expect(await count('heard-not-rated-count', film.filmId)).toBe(1);
    expect(await count('not-heard-before-count', film.filmId)).toBe(0);
  });

  it('answers an unknown film with 404 and stores nothing', async () => {
    const res = await mention(ann, UNKNOWN_FILM, false);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: messages.filmNotFound, code: 'film_not_found' });
    const votes = await t.app.inject({ url: '/api/me/votes', headers: ann.auth });
    expect(Object.keys(votes.json<{ mentions: Record<string, boolean> }>().mentions)).not.toContain(String(UNKNOWN_FILM));
  });

  it.each([
    ['a text film id', 'abc', false],
    ['a zero film id', 0, false],
    ['a negative film id', -3, false],
    ['a fractional film id', 1.5, false],
    ['a missing film id', undefined, false],
    ['a missing answer', 1, undefined],
    ['a text answer', 1, 'yes'],
    ['a numeric answer', 1, 1],
  ])('answers %s with 400', async (_case, filmId, mentioned) => {
    const res = await mention(ann, filmId, mentioned);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: messages.invalidRequest, code: 'validation_failed' });
  });

  it('answers a missing or text user_id with 400', async () => {
    const film = await createFilm(t.app);
    for (const userId of [undefined, 'me', 0]) {
      expect((await mention(ann, film.filmId, true, { user_id: userId })).statusCode).toBe(400);
    }
    expect((await check(ann, film.filmId)).json()).toEqual({ hasMentioned: false, mentioned: null });
  });

  it('answers 401 without a valid token', async () => {
    const film = await createFilm(t.app);
    const payload = { user_id: ann.userId, film_id: film.filmId, mentioned: false };
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/mentions/mentioned', headers, payload });
      expect(res.statusCode).toBe(401);
    }
    expect(await count('not-heard-before-count', film.filmId)).toBe(0);
  });

  it("answers 403 for another member's user_id and stores nothing for either", async () => {
    const film = await createFilm(t.app);
    const res = await mention(ann, film.filmId, false, { user_id: ben.userId });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: serverMessages.notYourAccount, code: 'not_your_account' });
    expect((await check(ben, film.filmId)).json()).toEqual({ hasMentioned: false, mentioned: null });
    expect((await check(ann, film.filmId)).json()).toEqual({ hasMentioned: false, mentioned: null });
    expect(await count('not-heard-before-count', film.filmId)).toBe(0);
  });

  it('takes exactly one of 30 concurrent identical answers', async () => {
    const film = await createFilm(t.app);
    const member = await createMember(t.app);
    const answers = await Promise.all(Array.from({ length: 30 }, () => mention(member, film.filmId, false)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(29);
    expect(await count('not-heard-before-count', film.filmId)).toBe(1);
    expect(await count('heard-not-rated-count', film.filmId)).toBe(0);
  });

  it('moves the film in the ranked list right after the answer', async () => {
    const film = await createFilm(t.app);
    const scoreOf = async () => {
      const list = (await t.app.inject('/api/films/allfilms')).json<{ films: Film[] }>().films;
      return list.find((f) => f.film_id === film.filmId)?.score;
    };
    expect(await scoreOf()).toBe(0);
    // N = 1 of total 1, no ratings: (100 + 0) / 2.
    expect((await mention(ann, film.filmId, false)).statusCode).toBe(201);
    expect(await scoreOf()).toBe(50);
    // N = 1 of total 2: (50 + 0) / 2.
    expect((await mention(ben, film.filmId, true)).statusCode).toBe(201);
    expect(await scoreOf()).toBe(25);
  });
});

describe('GET /api/mentions/checkmentioned', () => {
  it('needs a token', async () => {
    const film = await createFilm(t.app);
    const res = await t.app.inject(`/api/mentions/checkmentioned?user_id=${ann.userId}&film_id=${film.filmId}`);
    expect(res.statusCode).toBe(401);
  });

  it("refuses to show another member's answer", async () => {
    const film = await createFilm(t.app);
    expect((await mention(ben, film.filmId, false)).statusCode).toBe(201);
    const res = await check(ann, film.filmId, ben.userId);
    expect(res.statusCode).toBe(403);
    expect(res.json()).not.toHaveProperty('hasMentioned');
  });

  it('answers bad ids with 400 and an unknown film with 404', async () => {
    for (const filmId of ['abc', '1.5', '0', '']) expect((await check(ann, filmId)).statusCode).toBe(400);
    const noUser = await t.app.inject({ url: '/api/mentions/checkmentioned?film_id=1', headers: ann.auth });
    expect(noUser.statusCode).toBe(400);
    const unknown = await check(ann, UNKNOWN_FILM);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: messages.filmNotFound });
  });
});

describe('the count endpoints', () => {
  it.each(['not-heard-before-count', 'heard-not-rated-count'])('%s: 400 for a bad film_id, 404 for an unknown film', async (path) => {
    for (const query of ['film_id=abc', 'film_id=1.5', 'film_id=-1', 'film_id=', '']) {
      const res = await t.app.inject(`/api/mentions/${path}?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
    const res = await t.app.inject(`/api/mentions/${path}?film_id=${UNKNOWN_FILM}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: messages.filmNotFound });
  });
});

describe('the filter endpoints', () => {
  it('list the ranked films the member has not answered, and those not heard of before', async () => {
    const member = await createMember(t.app);
    const [notHeard, heard, open] = [await createFilm(t.app), await createFilm(t.app), await createFilm(t.app)];
    expect((await mention(member, notHeard.filmId, false)).statusCode).toBe(201);
    expect((await mention(member, heard.filmId, true)).statusCode).toBe(201);

    const all = await rankedIds('/api/films/allfilms');
    const notMentioned = await rankedIds(`/api/mentions/not-mentioned?user_id=${member.userId}`, member);
    expect(notMentioned).toEqual(all.filter((id) => id !== notHeard.filmId && id !== heard.filmId));
    expect(notMentioned).toContain(open.filmId);

    const notHeardBefore = await rankedIds(`/api/mentions/not-heard-before?user_id=${member.userId}`, member);
    expect(notHeardBefore).toEqual([notHeard.filmId]);
  });

  it.each(['not-mentioned', 'not-heard-before'])('%s: 401 without a token, 403 for another member, 400 for a bad id', async (path) => {
    expect((await t.app.inject(`/api/mentions/${path}?user_id=${ann.userId}`)).statusCode).toBe(401);
    const other = await t.app.inject({ url: `/api/mentions/${path}?user_id=${ben.userId}`, headers: ann.auth });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ error: serverMessages.notYourAccount });
    for (const query of ['user_id=abc', '']) {
      expect((await t.app.inject({ url: `/api/mentions/${path}?${query}`, headers: ann.auth })).statusCode).toBe(400);
    }
  });
});
