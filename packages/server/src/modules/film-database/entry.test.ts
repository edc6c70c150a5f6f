import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { entryAnswer } from '@filmlist/shared/api/lookup';
import { messages } from '@filmlist/shared/messages';
import { submissions } from '../../db/schema.js';
import { createFilm, createMember, createReviewer, type TestMember } from '../../../test/support/factories.js';
import { ONE_ATTEMPT, useFakeTmdb } from '../../../test/support/fake-tmdb-hooks.js';
import { addLinkedFilm } from '../../../test/support/linked-films.js';
import { createTestApp, useTestApp } from '../../../test/support/test-app.js';
import { fixtureFilm } from '../../../test/support/tmdb-fixtures.js';
import { tmdbPosterUrl } from '../posters/address.js';
import { LOOKUP_DEADLINE_MS } from './deadline.js';

/**
 * docs/product.md §Film database: the reviewer checks a member's link against the entry itself
 * (GET /api/films/entry), with its offers for the watch link; a link to an entry the film database
 * marks adult is refused. Over real HTTP, against the fake TMDB.
 */

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

async function entry(tmdbId: string | number, who: TestMember | null = reviewer) {
  const started = performance.now();
  const res = await fetch(`${base}/api/films/entry?tmdb_id=${tmdbId}`, { headers: who ? who.auth : {} });
  const body: unknown = await res.json();
  return {
    status: res.status,
    body,
    cache: res.headers.get('cache-control'),
    ms: performance.now() - started,
  };
}

const adult = fixtureFilm('Fixture Adult Entry');

describe('GET /api/films/entry', () => {
  it("answers the entry as the film database has it: its title, year, poster on our origin, directors and the region's offers", async () => {
    const existenz = fixtureFilm('eXistenZ');
    const res = await entry(existenz.id);
    expect(res.status).toBe(200);
    expect(res.cache).toBe('no-store');
    expect(entryAnswer.parse(res.body)).toEqual({
      available: true,
      entry: {
        tmdb_id: existenz.id,
        title: 'eXistenZ',
        release_year: 1999,
        poster_url: tmdbPosterUrl(existenz.poster_path ?? ''),
        directors: ['David Cronenberg'],
        adult: false,
        listed: null,
        where_to_watch: {
          region: 'AU',
          region_name: 'Australia',
          link: `https://www.themoviedb.org/movie/${existenz.id}/watch?locale=AU`,
          offers: [{ provider: 'Apple TV', kinds: ['rent'] }],
        },
      },
    });
    // Its poster is served from our origin.
    const poster = await fetch(`${base}${tmdbPosterUrl(existenz.poster_path ?? '')}?w=92`);
    expect(poster.headers.get('content-type')).toBe('image/webp');
  });

  it('names the listed film linked to the entry, and says when an entry has no offers or no poster', async () => {
    const film = await addLinkedFilm(t.app, reviewer, 'Moon');
    expect(entryAnswer.parse((await entry(fixtureFilm('Moon').id)).body).entry?.listed).toEqual({
      film_id: film.film_id,
      slug: film.slug,
      title: 'Moon',
    });
    const harbour = entryAnswer.parse((await entry(fixtureFilm('The Quiet Harbour').id)).body).entry;
    expect(harbour).toMatchObject({ title: 'The Quiet Harbour', poster_url: null, where_to_watch: null });
  });

  it('says when the film database has no such entry, and marks one it marks adult', async () => {
    expect((await entry(424242)).body).toEqual({ available: true, entry: null });
    expect(entryAnswer.parse((await entry(adult.id)).body).entry).toMatchObject({ tmdb_id: adult.id, adult: true });
  });

  it('is for reviewers only, and refuses a malformed id with 400', async () => {
    expect((await entry(1946, member)).status).toBe(403);
    expect((await entry(1946, null)).status).toBe(401);
    for (const bad of ['abc', '0', '-3', '1.5', '']) {
      const res = await entry(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_failed' });
    }
  });

  it('answers available false, never an error, when TMDB fails or does not answer in time', async () => {
    tmdb.fake.fail({ kind: 'server-error' });
    expect(await entry(fixtureFilm('Paterson').id)).toMatchObject({ status: 200, body: { available: false, entry: null } });
    tmdb.fake.fail({ kind: 'hang' });
    const hung = await entry(fixtureFilm('Lake Mungo').id);
    expect(hung).toMatchObject({ status: 200, body: { available: false, entry: null } });
    expect(hung.ms).toBeLessThan(LOOKUP_DEADLINE_MS + 1500);
  });

  it('answers available false without a token', async () => {
    const off = await createTestApp();
    try {
      const offReviewer = await createReviewer(off.app);
      const res = await off.app.inject({ url: '/api/films/entry', query: { tmdb_id: '1946' }, headers: offReviewer.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ available: false, entry: null });
    } finally {
      await off.close();
    }
  });
});

describe('a link to an entry the film database marks adult', () => {
  const refused = (res: { statusCode: number; json: () => unknown }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: messages.filmDatabaseEntryAdult,
      code: 'adult_entry',
      fields: { tmdb_id: messages.filmDatabaseEntryAdult },
    });
  };

  it('is refused with 400 from a member’s submission, and nothing is stored', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/films/reviewfilm',
      headers: member.auth,
      payload: { title: 'Some Title', release_year: '2012', description: 'A logline.', tmdb_id: adult.id },
    });
    refused(res);
    expect(await t.app.db.select().from(submissions).where(eq(submissions.tmdbId, adult.id))).toEqual([]);
  });

  it("is refused with 400 from a reviewer's add and edit", async () => {
    refused(
      await t.app.inject({
        method: 'POST',
        url: '/api/films/addfilm',
        headers: reviewer.auth,
        payload: { title: 'Another Title', release_year: '2012', description: 'A logline.', tmdb_id: adult.id },
      }),
    );
    const film = await createFilm(t.app, { title: 'Typed Film', releaseYear: 2012 });
    refused(
      await t.app.inject({
        method: 'PUT',
        url: `/api/films/${film.filmId}`,
        headers: reviewer.auth,
        payload: { title: 'Typed Film', release_year: '2012', description: film.description, tmdb_id: adult.id },
      }),
    );
    const listed = await t.app.inject({ url: '/api/films/allfilms' });
    expect(listed.body).not.toContain('Another Title');
  });

  it('stands unchecked while the film database is down: the reviewer sees the entry before adding it', async () => {
    tmdb.fake.fail({ kind: 'server-error' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/films/reviewfilm',
      headers: (await createMember(t.app)).auth,
      payload: { title: 'Unchecked Title', release_year: '2012', description: 'A logline.', tmdb_id: 900_999 },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});
