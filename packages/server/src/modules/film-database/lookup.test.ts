import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lookupAnswer, lookupMessages } from '@filmlist/shared/api/lookup';
import { createMember, createReviewer, type TestMember } from '../../../test/support/factories.js';
import type { FakeFailure } from '../../../test/support/fake-tmdb.js';
import { ONE_ATTEMPT, useFakeTmdb } from '../../../test/support/fake-tmdb-hooks.js';
import { createTestApp, useTestApp } from '../../../test/support/test-app.js';
import { fixtureFilm } from '../../../test/support/tmdb-fixtures.js';
import { tmdbPosterKey } from '../posters/address.js';
import { LOOKUP_DEADLINE_MS } from './deadline.js';

/** docs/product.md §Film database: GET /api/films/lookup, over real HTTP, against the fake TMDB. */

const tmdb = useFakeTmdb();
const t = useTestApp(() => ({ env: tmdb.fake.env, app: { filmDatabaseHttp: ONE_ATTEMPT } }));
let base: string;
let member: TestMember;
let reviewer: TestMember;

beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  member = await createMember(t.app);
  reviewer = await createReviewer(t.app);
});
afterEach(() => tmdb.fake.setDelay(0));

async function lookup(query: Record<string, string>, token: string | null = member.accessToken) {
  const started = performance.now();
  const res = await fetch(`${base}/api/films/lookup?${new URLSearchParams(query).toString()}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body: unknown = await res.json();
  return { status: res.status, body, headers: res.headers, ms: performance.now() - started };
}

describe('GET /api/films/lookup', () => {
  it('answers candidates with the canonical title, year, directors, a poster on our origin and the synopsis', async () => {
    const res = await lookup({ query: 'existenz' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const answer = lookupAnswer.parse(res.body);
    expect(answer.available).toBe(true);
    const existenz = fixtureFilm('eXistenZ');
    expect(answer.results[0]).toEqual({
      tmdb_id: existenz.id,
      title: 'eXistenZ',
      release_year: 1999,
      poster_url: `/posters/${tmdbPosterKey(existenz.poster_path ?? '')}.webp`,
      directors: ['David Cronenberg'],
      overview: existenz.overview,
      listed: null,
      pending: false,
    });
    // The candidate's poster is served from our origin, fetched from TMDB by the path its answer gave.
    const poster = await fetch(`${base}${answer.results[0]?.poster_url ?? ''}?w=92`);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/webp');
  });

  it('narrows by year, and leaves out the poster and year TMDB does not have', async () => {
    const quiet = lookupAnswer.parse((await lookup({ query: 'the quiet' })).body);
    expect(quiet.results.map((r) => r.title).sort()).toEqual(['The Quiet Harbour', 'The Quiet Summer', 'The Quiet Winter']);
    const harbour = quiet.results.find((r) => r.title === 'The Quiet Harbour');
    expect(harbour?.poster_url).toBeNull();
    expect(quiet.results.find((r) => r.title === 'The Quiet Summer')?.release_year).toBeNull();
    const year = Number(fixtureFilm('The Quiet Winter').release_date.slice(0, 4));
    const narrowed = lookupAnswer.parse((await lookup({ query: 'the quiet', year: String(year) })).body);
    expect(narrowed.results.every((r) => r.release_year === year)).toBe(true);
    expect(narrowed.results.length).toBeLessThan(quiet.results.length);
  });

  it('marks a film already on the list, and one a pending submission names', async () => {
    const moon = fixtureFilm('Moon');
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/films/addfilm',
      headers: reviewer.auth,
      payload: { title: 'Moon', release_year: '2009', description: 'A lonely shift on the Moon.', tmdb_id: moon.id },
    });
    expect(added.statusCode, added.body).toBe(200);
    const amelie = fixtureFilm('Amélie');
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/films/reviewfilm',
      headers: member.auth,
      payload: { title: 'Amelie', release_year: '2001', description: 'A shy waitress in Paris.', tmdb_id: amelie.id },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const moonAnswer = lookupAnswer.parse((await lookup({ query: 'moon' })).body);
    expect(moonAnswer.results.find((r) => r.tmdb_id === moon.id)?.listed).toEqual({
      film_id: added.json<{ film: { film_id: number } }>().film.film_id,
      slug: 'moon-2009',
      title: 'Moon',
    });
    const amelieAnswer = lookupAnswer.parse((await lookup({ query: 'amélie' })).body);
    expect(amelieAnswer.results.find((r) => r.tmdb_id === amelie.id)).toMatchObject({ listed: null, pending: true });
  });

  it('is for members only', async () => {
    expect((await lookup({ query: 'moon' }, null)).status).toBe(401);
    expect((await lookup({ query: 'moon' }, 'not-a-token')).status).toBe(401);
  });

  it.each([
    [{}, lookupMessages.queryRequired],
    [{ query: '   ' }, lookupMessages.queryRequired],
    [{ query: 'x'.repeat(201) }, lookupMessages.queryTooLong],
    [{ query: 'moon', year: '20o9' }, lookupMessages.yearInvalid],
    [{ query: 'moon', year: '12' }, lookupMessages.yearInvalid],
    [{ query: 'moon\u0000' }, undefined],
  ])('refuses %j with 400 and a clear message', async (query, message) => {
    const res = await lookup(query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_failed' });
    if (message) expect(res.body).toMatchObject({ error: message });
  });

  const failures: Array<[string, FakeFailure, string]> = [
    ['refuses the token (401)', { kind: 'unauthorized' }, 'hunt for'],
    ['fails (500)', { kind: 'server-error' }, 'amel'],
    ['answers nonsense (malformed JSON)', { kind: 'malformed' }, 'winter'],
  ];
  it.each(failures)('answers 200 with available false when TMDB %s', async (_, failure, query) => {
    tmdb.fake.fail(failure);
    const res = await lookup({ query });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ available: false, results: [] });
  });

  it('answers available false within its deadline when TMDB hangs', async () => {
    tmdb.fake.fail({ kind: 'hang' });
    const res = await lookup({ query: 'wilderpeople' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ available: false, results: [] });
    expect(res.ms).toBeGreaterThanOrEqual(LOOKUP_DEADLINE_MS - 50);
    expect(res.ms).toBeLessThan(LOOKUP_DEADLINE_MS + 1500);
  });

  it('answers from its stored search while TMDB is down, once it has asked before', async () => {
    expect(lookupAnswer.parse((await lookup({ query: 'summer' })).body).results.length).toBeGreaterThan(0);
    tmdb.fake.fail({ kind: 'server-error' });
    const again = lookupAnswer.parse((await lookup({ query: 'summer' })).body);
    expect(again.available).toBe(true);
    expect(again.results.map((r) => r.title)).toContain('The Quiet Summer');
  });

  // Last: a Retry-After longer than the client waits pauses it for that long (decision 010).
  it('answers 200 with available false when TMDB limits us (429 with Retry-After)', async () => {
    tmdb.fake.fail({ kind: 'rate-limited', retryAfterSeconds: 30 });
    const res = await lookup({ query: 'paterson' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ available: false, results: [] });
    // Paused: the next lookup does not ask TMDB at all.
    tmdb.fake.recover();
    const asked = tmdb.fake.requests.length;
    expect((await lookup({ query: 'harbour' })).body).toEqual({ available: false, results: [] });
    expect(tmdb.fake.requests.length).toBe(asked);
  });

  it('is rate-limited per member: 60 a minute', async () => {
    const busy = await createMember(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await lookup({ query: 'moon' }, busy.accessToken)).status);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});

describe('GET /api/films/lookup without a token', () => {
  it('answers available false, and the form goes on by hand', async () => {
    const off = await createTestApp();
    try {
      const someone = await createMember(off.app);
      const offBase = await off.app.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetch(`${offBase}/api/films/lookup?query=moon`, { headers: { authorization: `Bearer ${someone.accessToken}` } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ available: false, results: [] });
    } finally {
      await off.close();
    }
  });
});
