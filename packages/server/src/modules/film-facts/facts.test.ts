import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { filmList } from '@filmlist/shared/api/films';
import { standingBody } from '@filmlist/shared/api/standing';
import { filmFacts } from '../../db/schema.js';
import { FACTS_MAX_AGE_MS, refreshDueFilms, RETRY } from '../../jobs/film-refresh.js';
import { createFilm, createReviewer, signInAgain, type TestMember } from '../../../test/support/factories.js';
import { useFakeTmdb } from '../../../test/support/fake-tmdb-hooks.js';
import { addLinkedFilm, filmDetails } from '../../../test/support/linked-films.js';
import { useTestApp } from '../../../test/support/test-app.js';

/** docs/product.md §Film database: what a linked film carries, and when it is read again. */

const tmdb = useFakeTmdb();
// One attempt and no pause, so a test that breaks TMDB leaves nothing behind for the next.
// A budget far past the file's pace: the weekly refresh, not the per-second budget (client.test.ts), is what this file tests,
// and its tests ask for more than TMDB_REQUESTS_PER_SECOND allows within one second when the machine is quiet.
const t = useTestApp(() => ({
  env: tmdb.fake.env,
  app: { filmDatabaseHttp: { attempts: 1, pauseAfterFailureMs: 0, budget: { requests: 1000, windowMs: 1000 } } },
}));
let reviewer: TestMember;

beforeAll(async () => {
  reviewer = await createReviewer(t.app);
});

const refreshDeps = () => ({
  db: t.app.db,
  filmDatabase: t.app.filmDatabase,
  clock: t.clock,
  onChange: () => t.app.filmListCache.invalidate(),
});

/** By a reviewer signed in now: the manual clock moves past an access token's life. */
const addLinked = async (fixtureTitle: string, options: { title?: string; year?: number } = {}) =>
  addLinkedFilm(t.app, await signInAgain(t.app, reviewer), fixtureTitle, options);
const details = (slug: string) => filmDetails(t.app, slug);

describe("a linked film's facts", () => {
  it('are read from the film database once it is added, title kept exactly as given', async () => {
    const film = await addLinked('eXistenZ');
    expect(film).toMatchObject({
      title: 'eXistenZ',
      release_year: 1999,
      tmdb_id: 1946,
      imdb_id: 'tt0120907',
      original_title: 'eXistenZ',
      runtime: 97,
      directors: ['David Cronenberg'],
      cast: ['Jennifer Jason Leigh', 'Jude Law', 'Ian Holm', 'Willem Dafoe', 'Don McKellar'],
      genres: ['Science Fiction', 'Thriller'],
      countries: ['Canada', 'United Kingdom'],
      trailer_key: 'Fixture0002',
      where_to_watch: {
        region: 'AU',
        region_name: 'Australia',
        link: 'https://www.themoviedb.org/movie/1946/watch?locale=AU',
        offers: [{ provider: 'Apple TV', kinds: ['rent'] }],
      },
    });
  });

  it('show where to watch in the region only, each provider once with every way it offers the film', async () => {
    const film = await addLinked('Hunt for the Wilderpeople');
    expect(film.where_to_watch?.offers).toEqual([
      { provider: 'Apple TV', kinds: ['rent', 'buy'] },
      { provider: 'Netflix', kinds: ['subscription'] },
      { provider: 'Google Play Movies', kinds: ['buy'] },
      { provider: 'Stan', kinds: ['subscription'] },
    ]);
    expect(JSON.stringify(film)).not.toContain('locale=US');
  });

  it('are carried by the ranked list (directors) and by the standing', async () => {
    const film = await addLinked('Moon');
    const list = filmList.parse((await t.app.inject('/api/films/allfilms')).json()).films;
    expect(list.find((f) => f.film_id === film.film_id)?.directors).toEqual(['Duncan Jones']);
    const standing = standingBody.parse((await t.app.inject({ url: '/api/films/standing', query: { slug: film.slug } })).json()).standing;
    expect(standing).toMatchObject({
      film_id: film.film_id,
      tmdb_id: 17431,
      directors: ['Duncan Jones'],
      runtime: 97,
      imdb_id: 'tt1182345',
    });
  });

  it('are empty for what the film database does not know: no release date, no runtime, no credits', async () => {
    const summer = await addLinked('The Quiet Summer', { year: 2020 });
    expect(summer).toMatchObject({
      tmdb_id: 900002,
      runtime: null,
      imdb_id: null,
      genres: [],
      countries: [],
      trailer_key: null,
      where_to_watch: null,
    });
    const winter = await addLinked('The Quiet Winter');
    expect(winter).toMatchObject({ tmdb_id: 900003, directors: [], cast: [], runtime: 95, countries: ['Ireland'] });
  });

  it('are empty, with tmdb_id null, for a film without a link', async () => {
    const film = await createFilm(t.app, { title: 'Typed By Hand', releaseYear: 2003 });
    expect(await details(film.slug)).toMatchObject({
      tmdb_id: null,
      imdb_id: null,
      original_title: null,
      runtime: null,
      directors: [],
      cast: [],
      genres: [],
      countries: [],
      trailer_key: null,
      where_to_watch: null,
    });
  });

  it('wait while the film database is down, and are read by the refresh job once it answers', async () => {
    tmdb.fake.fail({ kind: 'server-error' });
    const started = Date.now();
    const film = await addLinked('Paterson');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(film).toMatchObject({ tmdb_id: 370755, directors: [], runtime: null });
    tmdb.fake.recover();
    // Tried again at the next hourly pass.
    t.clock.advance(RETRY.firstMs);
    expect(await refreshDueFilms(refreshDeps())).toContain('refreshed');
    expect(await details(film.slug)).toMatchObject({ directors: ['Jim Jarmusch'], runtime: 118 });
  });

  it('are read again once a week, not before', async () => {
    // Accents are refused in titles (docs/product.md §Add-film rules): the reviewer types it without.
    const film = await addLinked('Amélie', { title: 'Amelie' });
    expect(film.directors).toEqual(['Jean-Pierre Jeunet']);
    const readAgain = async () => {
      const before = tmdb.fake.requests.length;
      await refreshDueFilms(refreshDeps());
      return tmdb.fake.requests.slice(before).filter((path) => path.startsWith('/3/movie/194?'));
    };
    t.clock.advance(FACTS_MAX_AGE_MS - 60_000);
    expect(await readAgain()).toEqual([]);
    t.clock.advance(120_000);
    expect(await readAgain()).toHaveLength(1);
    const [row] = await t.app.db.select().from(filmFacts).where(eq(filmFacts.filmId, film.film_id));
    expect(row?.refreshedAt?.getTime()).toBe(t.clock.now().getTime());
  });
});
