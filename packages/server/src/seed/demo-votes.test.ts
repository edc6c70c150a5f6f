import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '@filmlist/shared/api/common';
import { filmBody, filmList } from '@filmlist/shared/api/films';
import { messages } from '@filmlist/shared/messages';
import { ARGON2_OPTIONS } from '../modules/auth/passwords.js';
import { rowsOf } from '../db/raw-rows.js';
import { MEMBER_PASSWORD, createMember } from '../../test/support/factories.js';
import { recountedCounters, storedCounters } from '../../test/support/recount.js';
import { createTestApp, type TestApp } from '../../test/support/test-app.js';
import { demoFilmCount, seedDemoCatalogue } from './demo-films.js';
import { DEMO_MEMBER_COUNT } from './demo-votes.js';

/** docs/product.md §Demo catalogue: the demo catalogue comes with demo members' answers that make a real ranking. */

let first: TestApp;
let second: TestApp;

/** Every demo vote as "username film mention rating", sorted: what must be the same on every fresh start. */
async function votesOf(t: TestApp): Promise<string[]> {
  const rows = rowsOf(
    await t.app.db.execute(sql`SELECT u.username, f.slug, m.mentioned, r.rating
      FROM mentions m JOIN users u USING (user_id) JOIN films f USING (film_id)
      LEFT JOIN ratings r ON r.user_id = m.user_id AND r.film_id = m.film_id`),
  );
  return rows.map((row) => `${String(row.username)} ${String(row.slug)} ${String(row.mentioned)} ${String(row.rating)}`).sort();
}

beforeAll(async () => {
  [first, second] = await Promise.all([createTestApp(), createTestApp()]);
  for (const t of [first, second]) {
    const seeded = await seedDemoCatalogue(t.app.db, t.clock.now());
    expect(seeded).toMatchObject({ films: demoFilmCount, members: DEMO_MEMBER_COUNT });
    t.app.filmListCache.invalidate();
  }
});
afterAll(async () => {
  await Promise.all([first.close(), second.close()]);
});

describe('the demo catalogue', () => {
  it('carries facts typed in, without a link, and watch links to a legitimate guide or none', async () => {
    const res = await first.app.inject({ url: '/api/films/filmdetails', query: { slug: 'hunt-for-the-wilderpeople-2016' } });
    expect(filmBody.parse(res.json()).film).toMatchObject({
      tmdb_id: null,
      imdb_id: 'tt4698684',
      runtime: 101,
      directors: ['Taika Waititi'],
      countries: ['New Zealand'],
      watch_link: 'https://www.justwatch.com/au/search?q=Hunt%20For%20The%20Wilderpeople%202016',
    });
    const list = filmList.parse((await first.app.inject('/api/films/allfilms')).json()).films;
    expect(list.every((film) => film.directors.length > 0)).toBe(true);
    const links = list.flatMap((film) => (film.watch_link ? [new URL(film.watch_link)] : []));
    expect(links.length).toBeGreaterThan(0);
    expect(links.length).toBeLessThan(list.length);
    expect(links.every((link) => link.hostname === 'www.justwatch.com' && link.pathname === '/au/search')).toBe(true);
  });
});

describe('the demo catalogue with its demo members', () => {
  it('has answers and ratings whose counters equal a recount, and scores that differ', async () => {
    expect(await storedCounters(first.app)).toEqual(await recountedCounters(first.app));
    const list = filmList.parse((await first.app.inject('/api/films/allfilms')).json()).films;
    expect(list).toHaveLength(demoFilmCount);
    const scores = list.map((film) => film.score);
    expect(new Set(scores).size).toBe(demoFilmCount);
    expect(Math.min(...scores)).toBeGreaterThan(0);
    expect(Math.max(...scores) - Math.min(...scores)).toBeGreaterThan(25);
    // The order is the scores', not the titles'.
    const titles = list.map((film) => film.title);
    expect(titles).not.toEqual([...titles].sort((a, b) => a.localeCompare(b)));
    const charted = rowsOf(
      await first.app.db.execute(sql`SELECT count(DISTINCT film_id)::int AS films, count(DISTINCT rating)::int AS values FROM ratings`),
    );
    expect(charted[0]).toEqual({ films: demoFilmCount, values: 10 });
  });

  it('is the same on every fresh start', async () => {
    const votes = await votesOf(first);
    expect(votes.length).toBeGreaterThan(demoFilmCount * 10);
    expect(await votesOf(second)).toEqual(votes);
  });

  it('marks exactly the demo members as demo data, verified, with a password hash of the server parameters', async () => {
    const member = await createMember(first.app);
    const rows = rowsOf(await first.app.db.execute(sql`SELECT username, demo, verified, password_hash FROM users ORDER BY user_id`));
    const demo = rows.filter((row) => row.demo === true);
    expect(demo).toHaveLength(DEMO_MEMBER_COUNT);
    expect(rows.find((row) => row.username === member.username)?.demo).toBe(false);
    const { memoryCost, timeCost, parallelism } = ARGON2_OPTIONS;
    for (const row of demo) {
      expect(row.verified).toBe(true);
      // The same argon2id work as any member's hash, so a demo login costs what a wrong password costs.
      expect(String(row.password_hash)).toMatch(new RegExp(`^\\$argon2id\\$v=19\\$m=${memoryCost},t=${timeCost},p=${parallelism}\\$`));
    }
  });

  it('cannot be logged into: a demo member gets the answer of a wrong password', async () => {
    const member = await createMember(first.app);
    const wrong = await first.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { username: member.username, password: 'not the password at all' },
    });
    for (const password of [MEMBER_PASSWORD, '', 'dummy password that never matches anything', 'demo_member_01']) {
      const res = await first.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { username: 'demo_member_01', password },
        remoteAddress: '10.13.0.1',
      });
      if (password === '') {
        expect(res.statusCode).toBe(400);
        continue;
      }
      expect(res.statusCode).toBe(wrong.statusCode);
      expect(errorBody.parse(res.json())).toEqual({ error: messages.loginFailed, code: 'invalid_credentials' });
    }
  });
});
