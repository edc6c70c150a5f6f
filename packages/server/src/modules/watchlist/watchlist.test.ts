import { count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { watchlistAnswer, watchlistEntry } from '@filmlist/shared/api/watchlist';
import { errorBody } from '@filmlist/shared/api/common';
import { WATCHLIST_MAX } from '@filmlist/shared/constants';
import { messages } from '@filmlist/shared/messages';
import { filmScore } from '@filmlist/shared/score';
import { films, watchlist } from '../../db/schema.js';
import {
  createFilm,
  createFilms,
  createMember,
  createMembers,
  createReviewer,
  MEMBER_PASSWORD,
  type TestMember,
} from '../../../test/support/factories.js';
import { call } from '../../../test/support/http.js';
import { useTestApp } from '../../../test/support/test-app.js';

/** The watchlist API (docs/product.md §Watchlist). */
const t = useTestApp();
let base: string;
beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

type Method = 'GET' | 'PUT' | 'DELETE';
const send = (method: Method, url: string, who: TestMember | null, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...(who ? who.auth : {}), ...headers } });
const put = (who: TestMember | null, filmId: number | string) => send('PUT', `/api/me/watchlist/${filmId}`, who);
const remove = (who: TestMember | null, filmId: number | string) => send('DELETE', `/api/me/watchlist/${filmId}`, who);
const list = async (who: TestMember) => {
  const res = await send('GET', '/api/me/watchlist', who);
  expect(res.statusCode).toBe(200);
  return watchlistAnswer.parse(res.json());
};
const rowsOf = async (userId: number) => (await t.app.db.select().from(watchlist).where(eq(watchlist.userId, userId))).map((r) => r.filmId);

describe('PUT and DELETE /api/me/watchlist/{film_id}', () => {
  it('adds with 201, answers 200 when the film is there already, and keeps the first added_at', async () => {
    const member = await createMember(t.app);
    const film = await createFilm(t.app);
    const first = await put(member, film.filmId);
    expect(first.statusCode).toBe(201);
    const entry = watchlistEntry.parse(first.json());
    expect(entry).toEqual({ film_id: film.filmId, added_at: t.clock.now().toISOString() });
    t.clock.advance(60_000);
    const again = await put(member, film.filmId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(entry);
    expect(await rowsOf(member.userId)).toEqual([film.filmId]);
  });

  it('removes with 204, and answers 204 again when the film is no longer on it', async () => {
    const member = await createMember(t.app);
    const [kept, removed, never] = [await createFilm(t.app), await createFilm(t.app), await createFilm(t.app)];
    for (const film of [kept, removed]) expect((await put(member, film.filmId)).statusCode).toBe(201);
    for (const filmId of [removed.filmId, removed.filmId, never.filmId]) {
      const res = await remove(member, filmId);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    }
    expect(await rowsOf(member.userId)).toEqual([kept.filmId]);
  });

  it('answers 404 for a film that does not exist, and 400 for an id that is not one', async () => {
    const member = await createMember(t.app);
    for (const res of [await put(member, 2_000_000_000), await remove(member, 2_000_000_000)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: messages.filmNotFound, code: 'film_not_found' });
    }
    for (const bad of ['abc', '1.5', '0', '-1', '99999999999', '1e3', '%20']) {
      expect((await put(member, bad)).statusCode, bad).toBe(400);
      expect((await remove(member, bad)).statusCode, bad).toBe(400);
    }
    expect(await rowsOf(member.userId)).toEqual([]);
  });

  it('needs the bearer: a visitor or a forged token gets 401, and nothing changes', async () => {
    const member = await createMember(t.app);
    const film = await createFilm(t.app);
    expect((await put(member, film.filmId)).statusCode).toBe(201);
    const forged = { authorization: 'Bearer not.a.token' };
    for (const headers of [{}, forged]) {
      for (const [method, url] of [
        ['GET', '/api/me/watchlist'],
        ['PUT', `/api/me/watchlist/${film.filmId}`],
        ['DELETE', `/api/me/watchlist/${film.filmId}`],
      ] as const) {
        const res = await send(method, url, null, headers);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(errorBody.parse(res.json()).code).toMatch(/^(unauthenticated|invalid_token)$/);
      }
    }
    expect(await rowsOf(member.userId)).toEqual([film.filmId]);
  });

  it("acts only on the caller's own list: another member can neither read nor change it", async () => {
    const [owner, other] = [await createMember(t.app), await createMember(t.app)];
    const [mine, theirs] = [await createFilm(t.app), await createFilm(t.app)];
    expect((await put(owner, mine.filmId)).statusCode).toBe(201);
    expect((await put(other, theirs.filmId)).statusCode).toBe(201);
    // The other member's DELETE of the owner's film touches only their own (empty) entry.
    expect((await remove(other, mine.filmId)).statusCode).toBe(204);
    expect((await list(owner)).films.map((f) => f.film_id)).toEqual([mine.filmId]);
    expect((await list(other)).films.map((f) => f.film_id)).toEqual([theirs.filmId]);
    // And their PUT of it puts it on their own list, not the owner's.
    expect((await put(other, mine.filmId)).statusCode).toBe(201);
    expect(await rowsOf(owner.userId)).toEqual([mine.filmId]);
  });

  it('answers are private (no-store)', async () => {
    const member = await createMember(t.app);
    const film = await createFilm(t.app);
    for (const res of [await put(member, film.filmId), await send('GET', '/api/me/watchlist', member), await remove(member, film.filmId)]) {
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('GET /api/me/watchlist', () => {
  it('lists the films newest first, each as the ranked list shows it, with its rank and when it was added', async () => {
    const [member, voter] = [await createMember(t.app), await createMember(t.app)];
    const [older, newer] = [await createFilm(t.app), await createFilm(t.app)];
    const mention = await t.app.inject({
      method: 'POST',
      url: '/api/mentions/mentioned',
      headers: voter.auth,
      payload: { user_id: voter.userId, film_id: newer.filmId, mentioned: false },
    });
    expect(mention.statusCode).toBe(201);
    expect((await list(member)).films).toEqual([]);

    expect((await put(member, older.filmId)).statusCode).toBe(201);
    const olderAt = t.clock.now().toISOString();
    t.clock.advance(5_000);
    expect((await put(member, newer.filmId)).statusCode).toBe(201);
    const newerAt = t.clock.now().toISOString();

    const answer = await list(member);
    const ranked = (await t.app.filmListCache.get()).films;
    expect(answer.ranked_films).toBe(ranked.length);
    expect(answer.films.map((f) => [f.film_id, f.added_at])).toEqual([
      [newer.filmId, newerAt],
      [older.filmId, olderAt],
    ]);
    const [first] = answer.films;
    expect(first).toMatchObject({ title: newer.title, release_year: newer.releaseYear, slug: newer.slug, n: 1, h: 0, r: 0, s: 0 });
    expect(first?.score).toBe(filmScore({ notHeard: 1, heardNotRated: 0, ratingCount: 0, ratingSum: 0 }));
    for (const film of answer.films) expect(ranked[film.rank - 1]?.film_id).toBe(film.film_id);
  });
});

describe('removals', () => {
  it('a film removed by a reviewer leaves every watchlist', async () => {
    const [a, b, reviewer] = [await createMember(t.app), await createMember(t.app), await createReviewer(t.app)];
    const [gone, stays] = [await createFilm(t.app), await createFilm(t.app)];
    for (const who of [a, b]) for (const film of [gone, stays]) expect((await put(who, film.filmId)).statusCode).toBe(201);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/films/${gone.filmId}`,
      headers: reviewer.auth,
      payload: { reason: 'A duplicate.' },
    });
    expect(removed.statusCode).toBe(200);
    for (const who of [a, b]) expect((await list(who)).films.map((f) => f.film_id)).toEqual([stays.filmId]);
    expect(await t.app.db.select().from(watchlist).where(eq(watchlist.filmId, gone.filmId))).toEqual([]);
    // Its id is now an unknown film.
    expect((await put(a, gone.filmId)).statusCode).toBe(404);
  });

  it("deleting an account removes its watchlist, and leaves other members' alone", async () => {
    const [leaving, staying] = [await createMember(t.app), await createMember(t.app)];
    const film = await createFilm(t.app);
    for (const who of [leaving, staying]) expect((await put(who, film.filmId)).statusCode).toBe(201);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/delete',
      headers: leaving.auth,
      payload: { currentPassword: MEMBER_PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await rowsOf(leaving.userId)).toEqual([]);
    expect(await rowsOf(staying.userId)).toEqual([film.filmId]);
    expect((await put(leaving, film.filmId)).statusCode).toBe(401);
  });
});

describe('removals racing adds, over HTTP (one lock order, docs/decisions/007-one-lock-order-for-votes.md)', () => {
  it('a film removed while twenty members save it: each add is 201 or 404, and no watchlist keeps it', async () => {
    const [members, reviewer, film] = [await createMembers(t.app, 20), await createReviewer(t.app), await createFilm(t.app)];
    const [removal, ...adds] = await Promise.all([
      call(base, `/api/films/${film.filmId}`, { method: 'DELETE', token: reviewer.accessToken, body: { reason: 'A duplicate.' } }),
      ...members.map((m) => call(base, `/api/me/watchlist/${film.filmId}`, { method: 'PUT', token: m.accessToken })),
    ]);
    expect(removal?.status).toBe(200);
    expect(adds.filter((a) => a.status !== 201 && a.status !== 404)).toEqual([]);
    expect(await t.app.db.select().from(watchlist).where(eq(watchlist.filmId, film.filmId))).toEqual([]);
  });

  it('an account deleted while it saves films and answers for them: each call is 2xx or 401, and nothing of it is left', async () => {
    const member = await createMember(t.app);
    const filmIds = await createFilms(t.app, 15);
    const [deletion, ...calls] = await Promise.all([
      call(base, '/api/users/delete', { method: 'DELETE', token: member.accessToken, body: { currentPassword: MEMBER_PASSWORD } }),
      ...filmIds.flatMap((filmId) => [
        call(base, `/api/me/watchlist/${filmId}`, { method: 'PUT', token: member.accessToken }),
        call(base, '/api/mentions/mentioned', {
          token: member.accessToken,
          body: { user_id: member.userId, film_id: filmId, mentioned: false },
        }),
      ]),
    ]);
    expect(deletion?.status).toBe(200);
    expect(calls.filter((c) => c.status !== 201 && c.status !== 401).map((c) => `${c.status} ${c.text}`)).toEqual([]);
    expect(await rowsOf(member.userId)).toEqual([]);
    // The answers that got in before the deletion left the counts with it.
    const counted = await t.app.db.select({ n: films.notHeardCount }).from(films).where(inArray(films.filmId, filmIds));
    expect(counted.map((c) => c.n)).toEqual(filmIds.map(() => 0));
  });
});

describe(`at most ${WATCHLIST_MAX} films per member`, () => {
  let member: TestMember;
  let spare: number[];

  beforeAll(async () => {
    member = await createMember(t.app);
    const ids = await createFilms(t.app, WATCHLIST_MAX + 40);
    spare = ids.slice(WATCHLIST_MAX - 3);
    // All but three places taken, written as a member's own adds would be.
    await t.app.db
      .insert(watchlist)
      .values(ids.slice(0, WATCHLIST_MAX - 3).map((filmId) => ({ userId: member.userId, filmId, addedAt: t.clock.now() })));
  });

  const held = async () => (await t.app.db.select({ films: count() }).from(watchlist).where(eq(watchlist.userId, member.userId)))[0]?.films;

  it('holds under 30 adds at the same moment over HTTP: exactly the free places are taken, the rest get 409 with a message', async () => {
    const candidates = spare.slice(0, 30);
    const answers = await Promise.all(
      candidates.map((filmId) => call(base, `/api/me/watchlist/${filmId}`, { method: 'PUT', token: member.accessToken })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(27);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body).toEqual({ error: messages.watchlistFull, code: 'watchlist_full' });
    }
    expect(await held()).toBe(WATCHLIST_MAX);
  });

  it('a full watchlist still answers 200 for a film on it, and has room again after a removal', async () => {
    const onIt = (await rowsOf(member.userId))[0] ?? 0;
    expect((await put(member, onIt)).statusCode).toBe(200);
    const [next, after] = spare.slice(30, 32);
    expect((await put(member, next ?? 0)).statusCode).toBe(409);
    // A removal and two adds at once: one add gets the freed place, never both.
    const [removed, ...adds] = await Promise.all([
      call(base, `/api/me/watchlist/${onIt}`, { method: 'DELETE', token: member.accessToken }),
      call(base, `/api/me/watchlist/${next ?? 0}`, { method: 'PUT', token: member.accessToken }),
      call(base, `/api/me/watchlist/${after ?? 0}`, { method: 'PUT', token: member.accessToken }),
    ]);
    expect(removed?.status).toBe(204);
    expect(adds.filter((a) => a.status === 201).length).toBeLessThanOrEqual(1);
    expect(await held()).toBeLessThanOrEqual(WATCHLIST_MAX);
    expect(await held()).toBe(WATCHLIST_MAX - 1 + adds.filter((a) => a.status === 201).length);
  });
});
