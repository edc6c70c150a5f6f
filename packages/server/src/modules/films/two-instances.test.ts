import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filmList } from '@filmlist/shared/api/films';
import { FILMS_CHANGED_CHANNEL } from './film-changes.js';
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

  /** A film added through the first instance, once the second lists it. */
  async function filmInBoth(title: string, releaseYear: number) {
    const film = await createFilm(first.app, { title, releaseYear });
    await within(1000, async () => (await listOf(second)).some((f) => f.film_id === film.filmId));
    return film;
  }

  /** A new member's rating of the film through the first instance: the answer's status. */
  async function rateThroughFirst(filmId: number, rating: number): Promise<number> {
    const member = await createMember(first.app);
    const vote = await first.app.inject({
      method: 'POST',
      url: '/api/ratings/rate',
      headers: member.auth,
      payload: { user_id: member.userId, film_id: filmId, rating },
    });
    return vote.statusCode;
  }

  it('shows a film added through one in the other within 1 s', async () => {
    expect(await listOf(second)).toEqual([]);
    await filmInBoth('Seen Elsewhere', 2004);
  });

  it('shows a vote through one in the score of the other within 1 s', async () => {
    const film = await filmInBoth('Voted Elsewhere', 2005);
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
    const film = await filmInBoth('Patched Elsewhere', 2006);
    expect(await rateThroughFirst(film.filmId, 9)).toBe(201);
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

  // Last: it ends the first instance's feed connection (it listens again by itself).
  it('tells the other of a vote whose notice could not be sent, once its feed is back', async () => {
    const film = await filmInBoth('Unannounced Elsewhere', 2007);
    // The first instance's feed connection, known by the notice it sends for a vote.
    const watcher = new pg.Client({ connectionString: first.databaseUrl });
    await watcher.connect();
    let feedPid: number | undefined;
    watcher.on('notification', (message) => {
      if (message.payload === String(film.filmId)) feedPid = message.processId;
    });
    await watcher.query(`LISTEN ${FILMS_CHANGED_CHANNEL}`);
    try {
      expect(await rateThroughFirst(film.filmId, 8)).toBe(201);
      await within(1000, async () => feedPid !== undefined);
      await within(1000, async () => (await listOf(second)).find((f) => f.film_id === film.filmId)?.r === 1);
      // Its connection ends; a vote comes before it listens again, and its notice cannot go.
      await watcher.query('SELECT pg_terminate_backend($1)', [feedPid]);
      expect(await rateThroughFirst(film.filmId, 8)).toBe(201);
      await within(5000, async () => (await listOf(second)).find((f) => f.film_id === film.filmId)?.r === 2);
    } finally {
      await watcher.end();
    }
  });
});
