import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Film } from '@filmlist/shared/api/films';
import { messages, serverMessages } from '@filmlist/shared/messages';
import { filmScore } from '@filmlist/shared/score';
import { films } from '../../db/schema.js';
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

function send(path: 'rate' | 'edit', member: TestMember, filmId: unknown, rating: unknown, body: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/ratings/${path}`,
    headers: member.auth,
    payload: { user_id: member.userId, film_id: filmId, rating, ...body },
  });
}
const rate = (member: TestMember, filmId: unknown, rating: unknown, body?: Record<string, unknown>) =>
  send('rate', member, filmId, rating, body);
const edit = (member: TestMember, filmId: unknown, rating: unknown, body?: Record<string, unknown>) =>
  send('edit', member, filmId, rating, body);

function mention(member: TestMember, filmId: number, mentioned: boolean) {
  return t.app.inject({
    method: 'POST',
    url: '/api/mentions/mentioned',
    headers: member.auth,
    payload: { user_id: member.userId, film_id: filmId, mentioned },
  });
}

function check(member: TestMember, filmId: number | string, userId: number = member.userId) {
  return t.app.inject({ url: `/api/ratings/checkrating?user_id=${userId}&film_id=${filmId}`, headers: member.auth });
}

interface Counts {
  N: number;
  H: number;
  R: number;
  S: number;
}

/** The four ranking counts of a film, read through their public endpoints. */
async function counts(filmId: number): Promise<Counts> {
  const read = async (url: string) => {
    const res = await t.app.inject(`${url}?film_id=${filmId}`);
    expect(res.statusCode).toBe(200);
    return res.json<{ count?: number; sum_total?: number }>();
  };
  const [n, h, r, s] = await Promise.all([
    read('/api/mentions/not-heard-before-count'),
    read('/api/mentions/heard-not-rated-count'),
    read('/api/ratings/rating-count'),
    read('/api/ratings/sum-total'),
  ]);
  return { N: n.count ?? -1, H: h.count ?? -1, R: r.count ?? -1, S: s.sum_total ?? -1 };
}

/** Every film's stored counters next to the same counts recomputed from the vote tables. */
async function storedAndRecounted() {
  return t.app.db
    .select({
      filmId: films.filmId,
      stored: sql<string>`concat_ws(',', ${films.notHeardCount}, ${films.heardNotRatedCount}, ${films.ratingCount}, ${films.ratingSum})`,
      // The outer table is named in full: a bare film_id would bind to the subquery's own table.
      recount: sql<string>`concat_ws(',',
        (SELECT count(*) FROM mentions m WHERE m.film_id = films.film_id AND NOT m.mentioned),
        (SELECT count(*) FROM mentions m WHERE m.film_id = films.film_id AND m.mentioned
           AND NOT EXISTS (SELECT 1 FROM ratings r WHERE r.film_id = m.film_id AND r.user_id = m.user_id)),
        (SELECT count(*) FROM ratings r WHERE r.film_id = films.film_id),
        (SELECT coalesce(sum(r.rating), 0) FROM ratings r WHERE r.film_id = films.film_id))`,
    })
    .from(films)
    .orderBy(films.filmId);
}

async function scoreOf(filmId: number): Promise<number | undefined> {
  const list = (await t.app.inject('/api/films/allfilms')).json<{ films: Film[] }>().films;
  return list.find((f) => f.film_id === filmId)?.score;
}

describe('POST /api/ratings/rate', () => {
  it('records a first rating, counts it and shows it in the check', async () => {
    const film = await createFilm(t.app);
    expect((await check(ann, film.filmId)).json()).toEqual({ rated: false, userRating: null });
    const res = await rate(ann, film.filmId, 8);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: serverMessages.ratingRecorded,
      rating: { user_id: ann.userId, film_id: film.filmId, rating: 8 },
    });
    expect(await counts(film.filmId)).toEqual({ N: 0, H: 0, R: 1, S: 8 });
    const checked = await check(ann, film.filmId);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ rated: true, userRating: 8 });
  });

  it('answers a second rating with 409 and keeps the first', async () => {
    const film = await createFilm(t.app);
    expect((await rate(ann, film.filmId, 3)).statusCode).toBe(201);
    const res = await rate(ann, film.filmId, 9);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: serverMessages.alreadyRated, code: 'already_rated' });
    expect((await check(ann, film.filmId)).json()).toEqual({ rated: true, userRating: 3 });
    expect(await counts(film.filmId)).toEqual({ N: 0, H: 0, R: 1, S: 3 });
  });

  it('answers an unknown film with 404', async () => {
    for (const res of [await rate(ann, UNKNOWN_FILM, 5), await edit(ann, UNKNOWN_FILM, 5)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: messages.filmNotFound, code: 'film_not_found' });
    }
  });

  it.each([
    ['0', 0],
    ['11', 11],
    ['7.5', 7.5],
    ['the text "7"', '7'],
    ['null', null],
    ['a missing rating', undefined],
    ['-1', -1],
  ])('answers a rating of %s with 400 on rate and on edit', async (_case, rating) => {
    const film = await createFilm(t.app);
    expect((await rate(ben, film.filmId, 5)).statusCode).toBe(201);
    for (const res of [await rate(ann, film.filmId, rating), await edit(ben, film.filmId, rating)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: messages.ratingInvalid, code: 'validation_failed' });
    }
    expect(await counts(film.filmId)).toEqual({ N: 0, H: 0, R: 1, S: 5 });
  });

  it('answers bad or missing ids with 400', async () => {
    const film = await createFilm(t.app);
    for (const [filmId, body] of [
      ['abc', {}],
      [0, {}],
      [2.5, {}],
      [undefined, {}],
      [film.filmId, { user_id: undefined }],
      [film.filmId, { user_id: 'me' }],
    ] as const) {
      expect((await rate(ann, filmId, 6, body)).statusCode).toBe(400);
      expect((await edit(ann, filmId, 6, body)).statusCode).toBe(400);
    }
    expect(await counts(film.filmId)).toEqual({ N: 0, H: 0, R: 0, S: 0 });
  });

  it('answers 401 without a token, on rate and on edit', async () => {
    const film = await createFilm(t.app);
    for (const path of ['rate', 'edit']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/ratings/${path}`,
        payload: { user_id: ann.userId, film_id: film.filmId, rating: 7 },
      });
      expect(res.statusCode).toBe(401);
    }
    expect(await counts(film.filmId)).toEqual({ N: 0, H: 0, R: 0, S: 0 });
  });

  it("answers 403 for another member's user_id, on rate and on edit", async () => {
    const film = await createFilm(t.app);
    expect((await rate(ben, film.filmId, 2)).statusCode).toBe(201);
    for (const res of [
      await rate(ann, film.filmId, 10, { user_id: ben.userId }),
      await edit(ann, film.filmId, 10, { user_id: ben.userId }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: serverMessages.notYourAccount, code: 'not_your_account' });
    }
    expect((await check(ben, film.filmId)).json()).toEqual({ rated: true, userRating: 2 });
    expect((await check(ann, film.filmId)).json()).toEqual({ rated: false, userRating: null });
    expect(await counts(film.filmId)).toEqual({ N: 0, H: 0, R: 1, S: 2 });
  });
});

describe('POST /api/ratings/edit', () => {
  it('changes the rating and the sum', async () => {
    const film = await createFilm(t.app);
    expect((await rate(ann, film.filmId, 4)).statusCode).toBe(201);
    const res = await edit(ann, film.filmId, 9);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: serverMessages.ratingUpdated,
      rating: { user_id: ann.userId, film_id: film.filmId, rating: 9 },
    });
    expect(await counts(film.filmId)).toEqual({ N: 0, H: 0, R: 1, S: 9 });
    expect((await check(ann, film.filmId)).json()).toEqual({ rated: true, userRating: 9 });

    const same = await edit(ann, film.filmId, 9);
    expect(same.statusCode).toBe(200);
    expect(await counts(film.filmId)).toEqual({ N: 0, H: 0, R: 1, S: 9 });
  });

  it('answers an edit of an unrated film with 404 and rates nothing', async () => {
    const film = await createFilm(t.app);
    const res = await edit(ann, film.filmId, 6);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: serverMessages.notRatedYet, code: 'not_rated' });
    expect(await counts(film.filmId)).toEqual({ N: 0, H: 0, R: 0, S: 0 });
  });
});

describe('the counters', () => {
  it('follow every kind of vote and equal a full recount', async () => {
    const film = await createFilm(t.app);
    const [a, b, c] = [await createMember(t.app), await createMember(t.app), await createMember(t.app)];
    const steps: [string, () => ReturnType<typeof rate>, number, Counts][] = [
      ['a: not heard before', () => mention(a, film.filmId, false), 201, { N: 1, H: 0, R: 0, S: 0 }],
      ['b: heard before', () => mention(b, film.filmId, true), 201, { N: 1, H: 1, R: 0, S: 0 }],
      ['b rates 6 after "heard before": H falls', () => rate(b, film.filmId, 6), 201, { N: 1, H: 0, R: 1, S: 6 }],
      ['c rates 9', () => rate(c, film.filmId, 9), 201, { N: 1, H: 0, R: 2, S: 15 }],
      ['c: heard before, already rated: H stays', () => mention(c, film.filmId, true), 201, { N: 1, H: 0, R: 2, S: 15 }],
      ['a rates 4 after "not heard before"', () => rate(a, film.filmId, 4), 201, { N: 1, H: 0, R: 3, S: 19 }],
      ['b edits 6 to 10', () => edit(b, film.filmId, 10), 200, { N: 1, H: 0, R: 3, S: 23 }],
      ['c edits 9 to 1', () => edit(c, film.filmId, 1), 200, { N: 1, H: 0, R: 3, S: 15 }],
      ['a answers again', () => mention(a, film.filmId, true), 409, { N: 1, H: 0, R: 3, S: 15 }],
      ['b rates again', () => rate(b, film.filmId, 2), 409, { N: 1, H: 0, R: 3, S: 15 }],
    ];
    for (const [step, act, status, expected] of steps) {
      expect((await act()).statusCode, step).toBe(status);
      expect(await counts(film.filmId), step).toEqual(expected);
    }
    const rows = await storedAndRecounted();
    expect(rows.find((r) => r.filmId === film.filmId)?.stored).toBe('1,0,3,15');
    for (const row of rows) expect(row.stored, `film ${row.filmId}`).toBe(row.recount);
  });

  it('stay exact when 30 members rate one film at once', async () => {
    const film = await createFilm(t.app);
    const members = await Promise.all(Array.from({ length: 30 }, () => createMember(t.app)));
    const sent = members.map((_, i) => (i % 10) + 1);
    // Half of them said "heard before" first, so H must fall back to 0.
    for (const member of members.slice(0, 15)) expect((await mention(member, film.filmId, true)).statusCode).toBe(201);
    const answers = await Promise.all(members.map((member, i) => rate(member, film.filmId, sent[i])));
    expect(answers.map((r) => r.statusCode)).toEqual(members.map(() => 201));
    const sum = sent.reduce((total, n) => total + n, 0);
    expect(await counts(film.filmId)).toEqual({ N: 0, H: 0, R: 30, S: sum });
    const [row] = await t.app.db.select().from(films).where(eq(films.filmId, film.filmId));
    expect(row?.ratingSum).toBe(sum);
    for (const r of await storedAndRecounted()) expect(r.stored, `film ${r.filmId}`).toBe(r.recount);
  });
});

describe('the ranked list', () => {
  it('reflects a rating and an edit right away', async () => {
    const film = await createFilm(t.app);
    expect(await scoreOf(film.filmId)).toBe(0);
    expect((await rate(ann, film.filmId, 8)).statusCode).toBe(201);
    // N 0, R 1, S 8: (0 + 8/10/1*100) / 2.
    expect(await scoreOf(film.filmId)).toBeCloseTo(40, 10);
    expect((await mention(ben, film.filmId, false)).statusCode).toBe(201);
    // N 1 of total 2: (50 + 80) / 2.
    expect(await scoreOf(film.filmId)).toBeCloseTo(65, 10);
    expect((await edit(ann, film.filmId, 10)).statusCode).toBe(200);
    expect(await scoreOf(film.filmId)).toBeCloseTo(filmScore({ notHeard: 1, heardNotRated: 0, ratingCount: 1, ratingSum: 10 }), 10);
    expect(await scoreOf(film.filmId)).toBeCloseTo(75, 10);
  });
});

describe('GET /api/ratings/checkrating', () => {
  it('needs a token and refuses another member', async () => {
    const film = await createFilm(t.app);
    expect((await rate(ben, film.filmId, 7)).statusCode).toBe(201);
    const anonymous = await t.app.inject(`/api/ratings/checkrating?user_id=${ben.userId}&film_id=${film.filmId}`);
    expect(anonymous.statusCode).toBe(401);
    const other = await check(ann, film.filmId, ben.userId);
    expect(other.statusCode).toBe(403);
    expect(other.json()).not.toHaveProperty('userRating');
  });

  it('answers bad ids with 400 and an unknown film with 404', async () => {
    for (const filmId of ['abc', '1.5', '0', '']) expect((await check(ann, filmId)).statusCode).toBe(400);
    const unknown = await check(ann, UNKNOWN_FILM);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: messages.filmNotFound });
  });
});

describe('the count endpoints', () => {
  it.each(['rating-count', 'sum-total'])('%s: 400 for a bad film_id, 404 for an unknown film', async (path) => {
    for (const query of ['film_id=abc', 'film_id=1.5', 'film_id=0', 'film_id=', '']) {
      const res = await t.app.inject(`/api/ratings/${path}?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
    const res = await t.app.inject(`/api/ratings/${path}?film_id=${UNKNOWN_FILM}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: messages.filmNotFound });
  });
});

describe('GET /api/ratings/not-rated', () => {
  it('lists the ranked films the member has not rated', async () => {
    const member = await createMember(t.app);
    const [rated, open] = [await createFilm(t.app), await createFilm(t.app)];
    expect((await rate(member, rated.filmId, 5)).statusCode).toBe(201);
    const res = await t.app.inject({ url: `/api/ratings/not-rated?user_id=${member.userId}`, headers: member.auth });
    expect(res.statusCode).toBe(200);
    const ids = res.json<{ films: Film[] }>().films.map((f) => f.film_id);
    const all = (await t.app.inject('/api/films/allfilms')).json<{ films: Film[] }>().films.map((f) => f.film_id);
    expect(ids).toEqual(all.filter((id) => id !== rated.filmId));
    expect(ids).toContain(open.filmId);
  });

  it('answers 401 without a token, 403 for another member, 400 for a bad id', async () => {
    expect((await t.app.inject(`/api/ratings/not-rated?user_id=${ann.userId}`)).statusCode).toBe(401);
    const other = await t.app.inject({ url: `/api/ratings/not-rated?user_id=${ben.userId}`, headers: ann.auth });
    expect(other.statusCode).toBe(403);
    for (const query of ['user_id=abc', '']) {
      expect((await t.app.inject({ url: `/api/ratings/not-rated?${query}`, headers: ann.auth })).statusCode).toBe(400);
    }
  });
});
