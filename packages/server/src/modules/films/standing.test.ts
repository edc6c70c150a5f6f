import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '@filmlist/shared/api/common';
import { filmList } from '@filmlist/shared/api/films';
import { standingBody, type FilmStanding } from '@filmlist/shared/api/standing';
import { messages } from '@filmlist/shared/messages';
import { rowsOf } from '../../db/raw-rows.js';
import { createFilm, createMember, createReviewer, type TestMember } from '../../../test/support/factories.js';
import { recountedCounters } from '../../../test/support/recount.js';
import { useTestApp } from '../../../test/support/test-app.js';
import type { FilmRow } from './presenter.js';

const t = useTestApp();
let members: TestMember[];
let films: FilmRow[];
let silent: FilmRow;

async function vote(member: TestMember, film: FilmRow, mentioned: boolean, rating?: number) {
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: member.auth });
  const answer = await post('/api/mentions/mentioned', { user_id: member.userId, film_id: film.filmId, mentioned });
  expect(answer.statusCode, answer.body).toBe(201);
  if (rating === undefined) return;
  const rated = await post('/api/ratings/rate', { user_id: member.userId, film_id: film.filmId, rating });
  expect(rated.statusCode, rated.body).toBe(201);
}

async function standing(query: Record<string, string>): Promise<FilmStanding> {
  const res = await t.app.inject({ url: '/api/films/standing', query });
  expect(res.statusCode, res.body).toBe(200);
  return standingBody.parse(res.json()).standing;
}

/** Ratings per value of one film, counted from the ratings table. */
async function recountBars(filmId: number): Promise<number[]> {
  const rows = rowsOf(
    await t.app.db.execute(sql`SELECT rating, count(*)::int AS count FROM ratings WHERE film_id = ${filmId} GROUP BY rating`),
  );
  const bars = Array.from({ length: 10 }, () => 0);
  for (const row of rows) bars[Number(row.rating) - 1] = Number(row.count);
  return bars;
}

beforeAll(async () => {
  members = await Promise.all(Array.from({ length: 6 }, () => createMember(t.app)));
  films = [await createFilm(t.app), await createFilm(t.app), await createFilm(t.app)];
  silent = await createFilm(t.app);
  // Answers and ratings that differ per film, some heard and rated, some heard only, some not heard.
  for (const [m, member] of members.entries()) {
    for (const [f, film] of films.entries()) {
      if ((m + f) % 4 === 3) continue;
      const heard = (m + f) % 3 !== 0;
      await vote(member, film, heard, heard && m % 2 === 0 ? ((m * 3 + f * 5) % 10) + 1 : undefined);
    }
  }
});

describe('GET /api/films/standing', () => {
  it('answers N, H, R, S and the ratings per value equal to a recount, and the rank of the ranked list', async () => {
    const recount = await recountedCounters(t.app);
    const list = filmList.parse((await t.app.inject('/api/films/allfilms')).json()).films;
    for (const film of [...films, silent]) {
      const got = await standing({ film_id: String(film.filmId) });
      const counted = recount.find((c) => c.filmId === film.filmId);
      expect(counted).toBeDefined();
      expect({ N: got.N, H: got.H, R: got.R, S: got.S }).toEqual({ N: counted?.n, H: counted?.h, R: counted?.r, S: counted?.s });
      expect(got.ratings_by_value.map((bar) => bar.rating)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(got.ratings_by_value.map((bar) => bar.count)).toEqual(await recountBars(film.filmId));
      expect(got.rank).toBe(list.findIndex((f) => f.film_id === film.filmId) + 1);
      expect(got.films).toBe(list.length);
      expect(got.score).toBe(list.find((f) => f.film_id === film.filmId)?.score);
      expect(got.answers).toBe(got.N + got.H + got.R);
      expect(got).toMatchObject({ film_id: film.filmId, slug: film.slug });
    }
    const voted = await standing({ film_id: String(films[0]?.filmId) });
    expect(voted.answers).toBeGreaterThan(0);
    expect(voted.R).toBeGreaterThan(0);
    expect(voted.not_heard_share).toBeCloseTo(voted.N / voted.answers, 12);
    expect(voted.average_rating).toBeCloseTo(voted.S / voted.R, 12);
  });

  it('says when nobody has answered: no answers, no share, no average, ten empty bars', async () => {
    const got = await standing({ film_id: String(silent.filmId) });
    expect(got).toMatchObject({ N: 0, H: 0, R: 0, S: 0, answers: 0, score: 0, not_heard_share: null, average_rating: null });
    expect(got.ratings_by_value.every((bar) => bar.count === 0)).toBe(true);
  });

  it('finds a film by slug, and by its old slug after an edit', async () => {
    const [film] = films;
    if (!film) throw new Error('no film');
    const byId = await standing({ film_id: String(film.filmId) });
    expect(await standing({ slug: film.slug.toUpperCase() })).toEqual(byId);
    const reviewer = await createReviewer(t.app);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/films/${film.filmId}`,
      headers: reviewer.auth,
      payload: { title: 'Renamed For Standing', release_year: '2002', description: film.description },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const moved = await standing({ slug: film.slug });
    expect(moved).toMatchObject({ film_id: film.filmId, slug: 'renamed-for-standing-2002', N: byId.N, R: byId.R });
  });

  it('follows a new vote at once: the counters and the rank come from the list that vote made', async () => {
    const film = films[1];
    const voter = await createMember(t.app);
    if (!film) throw new Error('no film');
    const before = await standing({ film_id: String(film.filmId) });
    await vote(voter, film, true, 10);
    const after = await standing({ film_id: String(film.filmId) });
    expect(after).toMatchObject({ H: before.H, R: before.R + 1, S: before.S + 10 });
    expect(after.ratings_by_value[9]?.count).toBe((before.ratings_by_value[9]?.count ?? 0) + 1);
    const list = filmList.parse((await t.app.inject('/api/films/allfilms')).json()).films;
    expect(after.rank).toBe(list.findIndex((f) => f.film_id === film.filmId) + 1);
  });

  it('may be kept by shared caches, with a weak ETag that a vote changes (decision 013)', async () => {
    const film = films[2];
    if (!film) throw new Error('no film');
    const query = { film_id: String(film.filmId) };
    const first = await t.app.inject({ url: '/api/films/standing', query });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+, /);
    const again = await t.app.inject({ url: '/api/films/standing', query, headers: { 'if-none-match': etag } });
    expect([again.statusCode, again.body, again.headers.etag]).toEqual([304, '', etag]);
    await vote(await createMember(t.app), film, false);
    const changed = await t.app.inject({ url: '/api/films/standing', query, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const missing = await t.app.inject({ url: '/api/films/standing', query: { film_id: '2147483000' } });
    expect([missing.statusCode, missing.headers['cache-control'], missing.headers.etag]).toEqual([404, 'no-store', undefined]);
  });

  it('answers 404 for a film it does not know, and 400 for a bad id or query', async () => {
    const unknown: Array<Record<string, string>> = [{ film_id: '2147483000' }, { slug: 'no-such-film-1999' }];
    for (const query of unknown) {
      const res = await t.app.inject({ url: '/api/films/standing', query });
      expect(res.statusCode).toBe(404);
      expect(errorBody.parse(res.json())).toMatchObject({ error: messages.filmNotFound, code: 'film_not_found' });
    }
    const bad: Array<Record<string, string>> = [
      { film_id: 'abc' },
      { film_id: '0' },
      { film_id: '-3' },
      { film_id: '1.5' },
      { film_id: '99999999999' },
      {},
      { film_id: '1', slug: 'x-2001' },
    ];
    for (const query of bad) {
      const res = await t.app.inject({ url: '/api/films/standing', query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(errorBody.safeParse(res.json()).success).toBe(true);
    }
  });
});
