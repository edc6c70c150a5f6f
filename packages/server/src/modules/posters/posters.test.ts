import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { filmList } from '@filmlist/shared/api/films';
import { lookupAnswer } from '@filmlist/shared/api/lookup';
import { posterAt } from '@filmlist/shared/api/posters';
import { posterImages } from '../../db/schema.js';
import { createFilm, createMember, createReviewer, type TestMember } from '../../../test/support/factories.js';
import { useFakeTmdb } from '../../../test/support/fake-tmdb-hooks.js';
import { call, cspDirectives } from '../../../test/support/http.js';
import { addLinkedFilm, filmDetails } from '../../../test/support/linked-films.js';
import { useTestApp } from '../../../test/support/test-app.js';
import { fixtureFilm } from '../../../test/support/tmdb-fixtures.js';
import { generatedPosterUrl, tmdbPosterKey } from './address.js';
import { RETRY_AFTER_FAILURE_MS } from './store.js';

/** docs/product.md §Posters, over real HTTP. */

const tmdb = useFakeTmdb();
const t = useTestApp(() => ({ env: tmdb.fake.env, app: { filmDatabaseHttp: { attempts: 1, pauseAfterFailureMs: 0 } } }));
let base: string;
let reviewer: TestMember;

beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  reviewer = await createReviewer(t.app);
});

/** fetch, which adds Cache-Control: no-cache to a conditional request: 304s are checked with `call`. */
const get = (path: string, headers: Record<string, string> = {}) => fetch(new URL(path, base), { headers, redirect: 'manual' });

const details = (slug: string) => filmDetails(t.app, slug);
const addLinked = (fixtureTitle: string) => addLinkedFilm(t.app, reviewer, fixtureTitle);

const imageRequests = (path: string) => tmdb.fake.requests.filter((r) => r.startsWith('/t/p/') && r.endsWith(path)).length;

describe('a generated poster', () => {
  it('is every unlinked film’s poster: WebP drawn from its SVG, from our origin, immutable, with an ETag and nosniff', async () => {
    const row = await createFilm(t.app, { title: 'The Generated One', releaseYear: 1987 });
    const film = await details(row.slug);
    expect(film.poster_url).toBe(generatedPosterUrl(row));
    expect(film.poster_url).toMatch(/\.webp$/);
    const res = await get(film.poster_url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // Images from our own origin only (decision 014); data: for the icons' CSS masks.
    expect(cspDirectives(res.headers.get('content-security-policy') ?? '').get('img-src')).toBe("'self' data:");
    // A raster image at 2:3 (the page's main thread draws none of it), at each width asked for.
    const drawn = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([drawn.format, drawn.width, drawn.height]).toEqual(['webp', 342, 513]);
    const etag = res.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"gw[0-9a-f]{12}-342"$/);
    expect((await call(base, film.poster_url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const small = await get(posterAt(film.poster_url, 92));
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).height).toBe(138);
    // The SVG address of the earlier version leads to it for good.
    const earlier = await get(posterAt(film.poster_url.replace(/\.webp$/, '.svg'), 92));
    expect([earlier.status, earlier.headers.get('location')]).toEqual([301, posterAt(film.poster_url, 92)]);
  });

  it('refuses a width it does not draw with 400, and an unknown film or file with 404', async () => {
    const row = await createFilm(t.app, { title: 'Sized Film', releaseYear: 1990 });
    const bad = await get(`${generatedPosterUrl(row)}?w=91`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'validation_failed', error: 'The width must be one of 92, 185, 342, 500.' });
    expect((await get(generatedPosterUrl({ ...row, filmId: 2_000_000_000 }))).status).toBe(404);
    for (const path of ['/posters/x.svg', '/posters/..%2F..%2Fetc%2Fpasswd', '/posters/g1-zz.svg', `/posters/t${'0'.repeat(24)}.webp`]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });

  it('moves with an edited title: the old address redirects to the new one', async () => {
    const row = await createFilm(t.app, { title: 'Before The Edit', releaseYear: 1995 });
    const old = generatedPosterUrl(row);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/films/${row.filmId}`,
      headers: reviewer.auth,
      payload: { title: 'After The Edit', release_year: '1995', description: row.description },
    });
    expect(res.statusCode, res.body).toBe(200);
    const moved = await get(`${old}?w=185`);
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe(`${generatedPosterUrl({ ...row, title: 'After The Edit' })}?w=185`);
  });
});

describe('a film database poster', () => {
  it('is fetched once, re-encoded as WebP at every width, stored in the database and served immutable', async () => {
    const film = await addLinked('Moon');
    const path = fixtureFilm('Moon').poster_path ?? '';
    expect(film.poster_url).toBe(`/posters/${tmdbPosterKey(path)}.webp`);
    const widths = await t.app.db
      .select({ width: posterImages.width })
      .from(posterImages)
      .where(eq(posterImages.key, tmdbPosterKey(path)));
    expect(widths.map((w) => w.width).sort((a, b) => a - b)).toEqual([92, 185, 342, 500]);

    for (const [width, height] of [
      [92, 138],
      [185, 278],
      [342, 513],
      [500, 750],
    ] as const) {
      const res = await get(width === 342 ? film.poster_url : `${film.poster_url}?w=${width}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
      const etag = res.headers.get('etag') ?? '';
      expect((await call(base, res.url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    }
    // The list row carries it too, and TMDB was asked for the file once.
    const list = filmList.parse(await (await get('/api/films/allfilms')).json());
    expect(list.films.find((f) => f.film_id === film.film_id)?.poster_url).toBe(film.poster_url);
    expect(imageRequests(path)).toBe(1);
  });

  it.each([
    ['Oversized Poster', 'more bytes than the cap (cut off while streaming)'],
    ['Enormous Poster', 'a PNG claiming 30,000 x 30,000 pixels'],
    ['Not A Poster', 'an HTML page sent as a JPEG'],
    ['Vector Poster', 'an SVG sent as a PNG'],
  ])('%s (%s) is refused, and the film keeps its generated poster', async (title) => {
    const film = await addLinked(title);
    expect(film.tmdb_id).toBe(fixtureFilm(title).id);
    expect(film.poster_url).toMatch(/^\/posters\/g\d+-[0-9a-f]{12}\.webp$/);
    expect((await get(film.poster_url)).status).toBe(200);
    const key = tmdbPosterKey(fixtureFilm(title).poster_path ?? '');
    expect(await t.app.db.select().from(posterImages).where(eq(posterImages.key, key))).toEqual([]);
  });

  it('that TMDB fails to send answers a stand-in, never an error, and is tried again half an hour later', async () => {
    const member = await createMember(t.app);
    const lookup = await get('/api/films/lookup?query=paterson', member.auth);
    const answer = lookupAnswer.parse(await lookup.json());
    const poster = answer.results.find((r) => r.tmdb_id === fixtureFilm('Paterson').id)?.poster_url ?? '';
    expect(poster).toBe(`/posters/${tmdbPosterKey(fixtureFilm('Paterson').poster_path ?? '')}.webp`);
    tmdb.fake.fail({ kind: 'server-error' }, { requests: 'all' });
    const res = await get(poster);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await res.text()).toContain('NO POSTER');
    tmdb.fake.recover();
    const asked = imageRequests(fixtureFilm('Paterson').poster_path ?? '');
    expect((await get(poster)).headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(imageRequests(fixtureFilm('Paterson').poster_path ?? '')).toBe(asked);
    t.clock.advance(RETRY_AFTER_FAILURE_MS - 60_000);
    expect((await get(poster)).headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(imageRequests(fixtureFilm('Paterson').poster_path ?? '')).toBe(asked);
    t.clock.advance(61_000);
    const later = await get(`${poster}?w=92`);
    expect(later.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await later.arrayBuffer())).metadata()).width).toBe(92);
  });

  it('is never fetched for an address that no TMDB answer named', async () => {
    const before = tmdb.fake.requests.length;
    const res = await get(`/posters/${tmdbPosterKey('/madeUpByAVisitor.jpg')}.webp`);
    expect(res.status).toBe(404);
    expect(tmdb.fake.requests.length).toBe(before);
  });
});
