import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { filmDatabaseAnswers } from '../../db/schema.js';
import { useFakeTmdb } from '../../../test/support/fake-tmdb-hooks.js';
import { createTestApp, useTestApp } from '../../../test/support/test-app.js';
import { fixtureFilm, SPECIAL_POSTERS } from '../../../test/support/tmdb-fixtures.js';
import { answerCache } from './answer-cache.js';
import { ANSWER_FRESH_MS, FilmDatabaseClient } from './client.js';
import { createFilmDatabase } from './film-database.js';
import { FilmDatabaseUnavailable, TMDB_HTTP_DEFAULTS, TmdbHttp, type TmdbHttpOptions } from './tmdb-http.js';

const tmdb = useFakeTmdb();
const t = useTestApp(() => ({ env: tmdb.fake.env }));

/** A client of its own (a process of its own: its own pause and budget) on the test app's database. */
function client(options: Partial<TmdbHttpOptions> = {}): FilmDatabaseClient {
  const http = new TmdbHttp(tmdb.fake.token, t.app.log, { ...TMDB_HTTP_DEFAULTS, backoffMs: 20, ...options });
  return new FilmDatabaseClient(t.config.filmDatabase, http, answerCache(t.app.db), t.clock, t.app.log);
}

/** How many requests the fake received while `fn` ran. */
async function requestsDuring(fn: () => Promise<unknown>): Promise<number> {
  const before = tmdb.fake.requests.length;
  await fn();
  return tmdb.fake.requests.length - before;
}

async function unavailable(fn: () => Promise<unknown>): Promise<FilmDatabaseUnavailable> {
  const error: unknown = await fn().then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FilmDatabaseUnavailable);
  if (!(error instanceof FilmDatabaseUnavailable)) throw new Error('expected FilmDatabaseUnavailable');
  return error;
}

describe('the film database client', () => {
  it('is on with a token, and off without one', async () => {
    expect(t.app.filmDatabase.client).not.toBeNull();
    const off = await createTestApp();
    try {
      expect(off.app.filmDatabase.client).toBeNull();
    } finally {
      await off.close();
    }
  });

  it('searches with the bearer token, and keeps the answer in the database for a restarted process', async () => {
    const results = await client().search('wilderpeople', 2016);
    expect(results).toEqual([expect.objectContaining({ id: 371645, title: 'Hunt for the Wilderpeople', release_date: '2016-03-31' })]);
    expect(tmdb.fake.requests.at(-1)).toMatch(
      /^\/3\/search\/movie\?query=wilderpeople&include_adult=false&language=en-US&page=1&year=2016$/,
    );
    // Another process (a new client on the same database) and another spelling of the same search.
    expect(await requestsDuring(() => client().search('  Wilderpeople ', 2016))).toBe(0);
  });

  it("reads a film's details with everything appended, and keeps only the watch region's offers", async () => {
    const film = fixtureFilm('eXistenZ');
    const movie = await client().movie(film.id);
    expect(movie).toMatchObject({ id: film.id, title: 'eXistenZ', runtime: 97, imdb_id: 'tt0120907' });
    expect(movie?.credits?.crew?.filter((c) => c.job === 'Director').map((c) => c.name)).toEqual(['David Cronenberg']);
    expect(movie?.videos?.results.map((v) => v.key)).toContain('Fixture0002');
    expect(Object.keys(movie?.['watch/providers']?.results ?? {})).toEqual(['AU']);
    expect(tmdb.fake.requests.at(-1)).toBe(
      `/3/movie/${film.id}?language=en-US&append_to_response=credits%2Cexternal_ids%2Cvideos%2Cwatch%2Fproviders`,
    );
    const [row] = await t.app.db
      .select()
      .from(filmDatabaseAnswers)
      .where(eq(filmDatabaseAnswers.key, `movie:${film.id}`));
    expect(JSON.stringify(row?.body)).not.toContain('locale=US');
  });

  it('answers null for a film TMDB does not have, and remembers that', async () => {
    expect(await client().movie(424242)).toBeNull();
    expect(await requestsDuring(() => client().movie(424242))).toBe(0);
  });

  it('asks again once a stored answer is no longer fresh, or when told to refetch', async () => {
    const film = fixtureFilm('Moon');
    await client().movie(film.id);
    expect(await requestsDuring(() => client().movie(film.id))).toBe(0);
    expect(await requestsDuring(() => client().movie(film.id, { refetch: true }))).toBe(1);
    t.clock.advance(ANSWER_FRESH_MS.movie + 1000);
    expect(await requestsDuring(() => client().movie(film.id))).toBe(1);
  });

  it('uses a stale stored answer while TMDB is down', async () => {
    await client().search('paterson');
    t.clock.advance(ANSWER_FRESH_MS.search + 1000);
    tmdb.fake.fail({ kind: 'server-error' });
    const results = await client({ attempts: 2 }).search('paterson');
    expect(results.map((r) => r.title)).toEqual(['Paterson']);
  });

  it('retries a 500 with backoff, and a 429 after its Retry-After', async () => {
    tmdb.fake.fail({ kind: 'server-error' }, { times: 1 });
    expect(await requestsDuring(() => client().search('moon'))).toBe(2);
    tmdb.fake.fail({ kind: 'rate-limited', retryAfterSeconds: 1 }, { times: 1 });
    const started = Date.now();
    expect(await requestsDuring(() => client().search('quiet'))).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('does not wait out a long Retry-After: it fails at once, says when to come back, and pauses', async () => {
    tmdb.fake.fail({ kind: 'rate-limited', retryAfterSeconds: 120 });
    const paused = client();
    let error: FilmDatabaseUnavailable | undefined;
    expect(await requestsDuring(async () => (error = await unavailable(() => paused.search('amelie'))))).toBe(1);
    expect(error?.retryAfterSeconds).toBe(120);
    expect(await requestsDuring(() => unavailable(() => paused.search('something else')))).toBe(0);
  });

  it('gives up on a server that keeps failing after its attempts, then pauses', async () => {
    tmdb.fake.fail({ kind: 'server-error' });
    const failing = client({ attempts: 3, pauseAfterFailureMs: 30_000 });
    expect(await requestsDuring(() => unavailable(() => failing.search('harbour')))).toBe(3);
    const error = await unavailable(() => failing.search('harbour'));
    expect(error.retryAfterSeconds).toBeGreaterThan(25);
  });

  it('gives up on a server that does not answer within its deadline', async () => {
    tmdb.fake.fail({ kind: 'hang' });
    const started = Date.now();
    await unavailable(() => client({ attemptTimeoutMs: 200, attempts: 2, deadlineMs: 1000 }).search('winter'));
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('treats a refused token (401) and an answer that is not JSON as unavailable', async () => {
    tmdb.fake.fail({ kind: 'unauthorized' });
    const refused = client();
    await unavailable(() => refused.search('summer'));
    expect(await requestsDuring(() => unavailable(() => refused.search('summer')))).toBe(0);
    tmdb.fake.fail({ kind: 'malformed' });
    await unavailable(() => client().search('a malformed one'));
  });

  it('spends at most its budget of requests', async () => {
    const thrifty = client({ budget: { requests: 2, windowMs: 60_000 } });
    await thrifty.search('budget one');
    await thrifty.search('budget two');
    const error = await unavailable(() => thrifty.search('budget three'));
    expect(error.message).toContain('budget');
    expect(error.retryAfterSeconds).toBeGreaterThan(50);
  });

  it('takes its budget per second from TMDB_REQUESTS_PER_SECOND', async () => {
    const config = { ...t.config.filmDatabase, requestsPerSecond: 2 };
    const lowered = createFilmDatabase(config, t.app.db, t.clock, t.app.log).client;
    if (!lowered) throw new Error('the film database should be on');
    const settled = await Promise.allSettled(['per second one', 'per second two', 'per second three'].map((q) => lowered.search(q)));
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(2);
    const refused = settled.flatMap((s): unknown[] => (s.status === 'rejected' ? [s.reason] : []));
    expect(refused).toEqual([expect.any(FilmDatabaseUnavailable)]);
    expect(String(refused[0])).toContain('budget');
  });

  it('fetches an image only by a path of the form TMDB gives, under TMDB_IMAGE_URL, with its size capped', async () => {
    const poster = await client().image(fixtureFilm('Paterson').poster_path ?? '', 'w780');
    expect(poster?.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(tmdb.fake.requests.at(-1)).toBe(`/t/p/w780${fixtureFilm('Paterson').poster_path ?? ''}`);
    for (const path of ['/../3/search/movie.jpg', '//evil.example/x.jpg', 'https://evil.example/x.jpg', '/x.svg', '/a/b.jpg']) {
      expect(await requestsDuring(async () => expect(await client().image(path, 'w780')).toBeNull())).toBe(0);
    }
    expect(await client().image('/noSuchPosterFile.jpg', 'w185')).toBeNull();
    await unavailable(() => client().image(SPECIAL_POSTERS.oversizedBytes, 'w780'));
  });
});
