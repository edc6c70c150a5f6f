import { beforeEach, describe, expect, it } from 'vitest';
import { newFilmsAnswer } from '@filmlist/shared/api/films';
import { NEW_FILM_ANSWERS_BELOW, NEW_FILM_DAYS, NEW_FILMS_SHELF } from '@filmlist/shared/constants';
import { createFilm, createMember, createMembers, type TestMember } from '../../../test/support/factories.js';
import { useTestApp } from '../../../test/support/test-app.js';

/** GET /api/films/new: the shelf "New on the list: help rank these" (docs/product.md §New films). */
const DAY_MS = 24 * 60 * 60 * 1000;

const t = useTestApp();
// Each test starts past the window, so the films of the tests before it are no longer new.
beforeEach(() => t.clock.advance((NEW_FILM_DAYS + 1) * DAY_MS));

const shelf = async (who: TestMember | null) => {
  const res = await t.app.inject({ url: '/api/films/new', headers: who ? who.auth : {} });
  expect(res.statusCode).toBe(200);
  const body = newFilmsAnswer.parse(res.json());
  return { res, films: body.films, allAnswered: body.all_answered };
};

async function answer(voters: TestMember[], filmId: number) {
  for (const voter of voters) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/mentions/mentioned',
      headers: voter.auth,
      payload: { user_id: voter.userId, film_id: filmId, mentioned: false },
    });
    expect(res.statusCode).toBe(201);
  }
}

describe('GET /api/films/new', () => {
  it(`holds films added in the last ${NEW_FILM_DAYS} days with fewer than ${NEW_FILM_ANSWERS_BELOW} answers, newest first`, async () => {
    const now = t.clock.now().getTime();
    t.clock.set(new Date(now - (NEW_FILM_DAYS * DAY_MS + 60_000)));
    await createFilm(t.app, { title: 'Too Old' });
    t.clock.set(new Date(now - (NEW_FILM_DAYS * DAY_MS - 60_000)));
    const oldest = await createFilm(t.app, { title: 'Just New' });
    t.clock.set(new Date(now - DAY_MS));
    const answeredEnough = await createFilm(t.app, { title: 'Answered Enough' });
    const almost = await createFilm(t.app, { title: 'Almost Answered' });
    t.clock.set(new Date(now));
    const newest = await createFilm(t.app, { title: 'Newest' });
    const voters = await createMembers(t.app, NEW_FILM_ANSWERS_BELOW);
    await answer(voters, answeredEnough.filmId);
    await answer(voters.slice(1), almost.filmId);

    const { res, films } = await shelf(null);
    expect(films.map((f) => f.title)).toEqual(['Newest', 'Almost Answered', 'Just New']);
    expect(films[0]).toMatchObject({ film_id: newest.filmId, added_at: newest.createdAt.toISOString(), n: 0 });
    expect(films[1]).toMatchObject({ n: NEW_FILM_ANSWERS_BELOW - 1 });
    expect(films[2]?.film_id).toBe(oldest.filmId);
    const ranked = (await t.app.filmListCache.get()).films;
    for (const film of films) expect(ranked[film.rank - 1]?.film_id).toBe(film.film_id);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d, /);
  });

  it(`holds at most ${NEW_FILMS_SHELF}`, async () => {
    const made = [];
    for (let i = 0; i < NEW_FILMS_SHELF + 3; i++) {
      made.push(await createFilm(t.app));
      t.clock.advance(1000);
    }
    const { films } = await shelf(null);
    expect(films.map((f) => f.film_id)).toEqual(
      made
        .slice(-NEW_FILMS_SHELF)
        .reverse()
        .map((f) => f.filmId),
    );
  });

  it('for a member, leaves out the films they have answered or rated, and is private', async () => {
    const member = await createMember(t.app);
    const [answered, rated, open] = [await createFilm(t.app), await createFilm(t.app), await createFilm(t.app)];
    await answer([member], answered.filmId);
    const rating = await t.app.inject({
      method: 'POST',
      url: '/api/ratings/rate',
      headers: member.auth,
      payload: { user_id: member.userId, film_id: rated.filmId, rating: 6 },
    });
    expect(rating.statusCode).toBe(201);

    const mine = await shelf(member);
    expect(mine.films.map((f) => f.film_id)).toEqual([open.filmId]);
    expect(mine.res.headers['cache-control']).toBe('no-store');
    const visitors = await shelf(null);
    const byId = (a: number, b: number) => a - b;
    expect(visitors.films.map((f) => f.film_id).sort(byId)).toEqual([answered.filmId, rated.filmId, open.filmId].sort(byId));
    expect([mine.allAnswered, visitors.allAnswered]).toEqual([false, false]);
  });

  it('thanks a member who has answered every new film, and nobody when there are none', async () => {
    const member = await createMember(t.app);
    expect((await shelf(member)).allAnswered).toBe(false);
    const film = await createFilm(t.app);
    expect((await shelf(member)).allAnswered).toBe(false);
    await answer([member], film.filmId);
    expect(await shelf(member)).toMatchObject({ films: [], allAnswered: true });
    expect((await shelf(null)).allAnswered).toBe(false);
  });
});
