import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filmList } from '@filmlist/shared/api/films';
import { createFilm, createMember } from '../../../test/support/factories.js';
import { createTestApp, type TestApp } from '../../../test/support/test-app.js';
import { onPostgres } from '../../../test/support/config.js';

// Two app instances on one PostgreSQL database: a write through one shows in the other's ranked list.
describe.runIf(onPostgres)('two instances on one PostgreSQL', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp();
    second = await createTestApp({ databaseUrl: first.databaseUrl });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  const listOf = async (t: TestApp) => filmList.parse((await t.app.inject('/api/films/allfilms')).json()).films;

  async function within(ms: number, condition: () => Promise<boolean>): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < ms) {
      if (await condition()) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`not within ${ms} ms`);
  }

  it('shows a film added through one in the other within 1 s', async () => {
    expect(await listOf(second)).toEqual([]);
    const film = await createFilm(first.app, { title: 'Seen Elsewhere', releaseYear: 2004 });
    await within(1000, async () => (await listOf(second)).some((f) => f.film_id === film.filmId));
  });

  it('shows a vote through one in the score of the other within 1 s', async () => {
    const film = await createFilm(first.app, { title: 'Voted Elsewhere', releaseYear: 2005 });
    await within(1000, async () => (await listOf(second)).some((f) => f.film_id === film.filmId));
    const member = await createMember(first.app);
    const vote = await first.app.inject({
      method: 'POST',
      url: '/api/mentions/mentioned',
      headers: member.auth,
      payload: { user_id: member.userId, film_id: film.filmId, mentioned: false },
    });
    expect(vote.statusCode).toBe(201);
    await within(1000, async () => (await listOf(second)).find((f) => f.film_id === film.filmId)?.score === 50);
  });

  it('makes, from a vote another instance names, the same list as a read of every film', async () => {
    const film = await createFilm(first.app, { title: 'Patched Elsewhere', releaseYear: 2006 });
    await within(1000, async () => (await listOf(second)).some((f) => f.film_id === film.filmId));
    const member = await createMember(first.app);
    const vote = await first.app.inject({
      method: 'POST',
      url: '/api/ratings/rate',
      headers: member.auth,
      payload: { user_id: member.userId, film_id: film.filmId, rating: 9 },
    });
    expect(vote.statusCode).toBe(201);
    await within(1000, async () => (await listOf(second)).find((f) => f.film_id === film.filmId)?.r === 1);
    const patched = await second.app.inject('/api/films/allfilms');
    // Both instances now read every film.
    first.app.filmListCache.invalidateLocal();
    second.app.filmListCache.invalidateLocal();
    const [wholeHere, wholeThere] = await Promise.all([first, second].map((t) => t.app.inject('/api/films/allfilms')));
    expect(patched.headers.etag).toBe(wholeThere?.headers.etag);
    expect(patched.body).toBe(wholeThere?.body);
    expect(wholeHere?.headers.etag).toBe(wholeThere?.headers.etag);
  });
});
