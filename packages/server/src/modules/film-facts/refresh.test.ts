import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { filmFacts } from '../../db/schema.js';
import { FACTS_MAX_AGE_MS, refreshDueFilms, RETRY } from '../../jobs/film-refresh.js';
import { createReviewer, signInAgain, type TestMember } from '../../../test/support/factories.js';
import { useFakeTmdb } from '../../../test/support/fake-tmdb-hooks.js';
import { addLinkedFilm, filmDetails } from '../../../test/support/linked-films.js';
import { useTestApp } from '../../../test/support/test-app.js';
import { fixtureFilm } from '../../../test/support/tmdb-fixtures.js';
import { tmdbPosterUrl } from '../posters/address.js';

/**
 * docs/product.md §Film database, "Facts": a refresh that does not complete (TMDB down with only
 * last week's stored answer, or the poster not stored) is tried again at the next pass, then less
 * often. An app of its own: the passes below must see only the films these tests add.
 */

const tmdb = useFakeTmdb();
const t = useTestApp(() => ({ env: tmdb.fake.env, app: { filmDatabaseHttp: { attempts: 1, pauseAfterFailureMs: 0 } } }));
let reviewer: TestMember;

beforeAll(async () => {
  reviewer = await createReviewer(t.app);
});

const MINUTE = 60_000;

/** A reviewer signed in now: the manual clock moves by days, past any access token's life. */
const addLinked = async (fixtureTitle: string) => addLinkedFilm(t.app, await signInAgain(t.app, reviewer), fixtureTitle);

const pass = () =>
  refreshDueFilms({ db: t.app.db, filmDatabase: t.app.filmDatabase, clock: t.clock, onChange: () => t.app.filmListCache.invalidate() });

async function factsOf(filmId: number) {
  const [row] = await t.app.db.select().from(filmFacts).where(eq(filmFacts.filmId, filmId));
  if (!row) throw new Error(`film ${filmId} has no facts row`);
  return row;
}

/** The requests the fake received while `fn` ran whose path starts with `prefix`. */
async function requestsDuring(prefix: string, fn: () => Promise<unknown>): Promise<string[]> {
  const before = tmdb.fake.requests.length;
  await fn();
  return tmdb.fake.requests.slice(before).filter((path) => path.startsWith(prefix));
}

describe('the weekly refresh', () => {
  it('does not take a stale stored answer for a new one while TMDB is down: it tries again at the next pass, then less often, up to a day', async () => {
    const fixture = fixtureFilm('Upstream Color');
    const film = await addLinked('Upstream Color');
    expect(film.runtime).toBe(96);
    const readAt = (await factsOf(film.film_id)).refreshedAt?.getTime();

    t.clock.advance(FACTS_MAX_AGE_MS + MINUTE);
    tmdb.fake.fail({ kind: 'server-error' });
    const movie = `/3/movie/${fixture.id}?`;
    expect(await requestsDuring(movie, async () => expect(await pass()).toEqual(['unavailable']))).toHaveLength(1);
    let row = await factsOf(film.film_id);
    expect(row.refreshedAt?.getTime()).toBe(readAt);
    expect(row.refreshFailures).toBe(1);
    // The page keeps last week's facts meanwhile.
    expect((await filmDetails(t.app, film.slug)).runtime).toBe(96);

    // Waits: the first retry, then twice as long for each failure after it, up to a day.
    const waits = [RETRY.firstMs, 2 * RETRY.firstMs, 4 * RETRY.firstMs, 8 * RETRY.firstMs, 16 * RETRY.firstMs, RETRY.maxMs, RETRY.maxMs];
    expect(16 * RETRY.firstMs).toBeLessThan(RETRY.maxMs);
    expect(32 * RETRY.firstMs).toBeGreaterThan(RETRY.maxMs);
    for (const [i, wait] of waits.entries()) {
      t.clock.advance(wait - 2 * MINUTE);
      expect(await requestsDuring(movie, async () => expect(await pass()).toEqual([]))).toEqual([]);
      t.clock.advance(2 * MINUTE);
      expect(await requestsDuring(movie, async () => expect(await pass()).toEqual(['unavailable']))).toHaveLength(1);
      expect((await factsOf(film.film_id)).refreshFailures).toBe(i + 2);
    }

    tmdb.fake.recover();
    t.clock.advance(RETRY.maxMs);
    expect(await pass()).toEqual(['refreshed']);
    row = await factsOf(film.film_id);
    expect(row.refreshedAt?.getTime()).toBe(t.clock.now().getTime());
    expect(row.refreshFailures).toBe(0);
    // Refreshed: not asked again for days (a week).
    t.clock.advance(2 * RETRY.maxMs);
    expect(await requestsDuring(movie, async () => expect(await pass()).toEqual([]))).toEqual([]);
  });

  it('tries the poster again at the next pass when the details arrived but the poster did not', async () => {
    const fixture = fixtureFilm('Brick');
    tmdb.fake.fail({ kind: 'server-error' }, { requests: 'images' });
    const film = await addLinked('Brick');
    // The facts are in; the film keeps its generated poster for now.
    expect(film.directors).toEqual(['Rian Johnson']);
    expect(film.poster_url).toMatch(/^\/posters\/g\d+-[0-9a-f]{12}\.webp$/);
    expect((await factsOf(film.film_id)).refreshFailures).toBe(1);
    tmdb.fake.recover();

    const poster = `/t/p/w780${fixture.poster_path ?? ''}`;
    t.clock.advance(RETRY.firstMs - MINUTE);
    expect(await requestsDuring(poster, async () => expect(await pass()).toEqual([]))).toEqual([]);
    t.clock.advance(2 * MINUTE);
    // The details are still fresh: only the poster is asked for.
    const asked = await requestsDuring('/', async () => expect(await pass()).toEqual(['refreshed']));
    expect(asked).toEqual([poster]);
    const after = await filmDetails(t.app, film.slug);
    expect(after.poster_url).toBe(tmdbPosterUrl(fixture.poster_path ?? ''));
    expect((await factsOf(film.film_id)).refreshFailures).toBe(0);
  });

  it('counts a poster already stored as done when the image server fails at the weekly read', async () => {
    const fixture = fixtureFilm('Lake Mungo');
    const film = await addLinked('Lake Mungo');
    expect(film.poster_url).toBe(tmdbPosterUrl(fixture.poster_path ?? ''));
    t.clock.advance(FACTS_MAX_AGE_MS + MINUTE);
    // The stored poster stays: the same path is not fetched again, and the read completes.
    tmdb.fake.fail({ kind: 'server-error' }, { requests: 'images' });
    expect(await pass()).toEqual(expect.arrayContaining(['refreshed']));
    expect((await factsOf(film.film_id)).refreshFailures).toBe(0);
    expect((await filmDetails(t.app, film.slug)).poster_url).toBe(tmdbPosterUrl(fixture.poster_path ?? ''));
  });
});
