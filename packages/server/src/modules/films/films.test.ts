import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { filmList, type ListedFilm } from '@filmlist/shared/api/films';
import { messages } from '@filmlist/shared/messages';
import { films } from '../../db/schema.js';
import { createFilm, unique } from '../../../test/support/factories.js';
import { useTestApp } from '../../../test/support/test-app.js';

const t = useTestApp();

async function setCounters(filmId: number, n: number, h: number, r: number, s: number) {
  await t.app.db
    .update(films)
    .set({ notHeardCount: n, heardNotRatedCount: h, ratingCount: r, ratingSum: s })
    .where(eq(films.filmId, filmId));
  t.app.filmListCache.invalidate();
}

async function allFilms(): Promise<ListedFilm[]> {
  const res = await t.app.inject('/api/films/allfilms');
  expect(res.statusCode).toBe(200);
  return filmList.parse(res.json()).films;
}

describe('GET /api/films/allfilms', () => {
  it('answers every film ranked by score, ties by title A to Z then id, with slug and score', async () => {
    const zebra = await createFilm(t.app, { title: 'Zebra Crossing', releaseYear: 2010 });
    const apple = await createFilm(t.app, { title: 'apple Tree', releaseYear: 2011 });
    const mango = await createFilm(t.app, { title: 'Mango Sky', releaseYear: 2012, watchLink: 'https://watch.example/mango' });
    const unrated = await createFilm(t.app, { title: 'Banana Split', releaseYear: 2013 });
    await setCounters(zebra.filmId, 3, 1, 0, 0); // 3/4*100 / 2 = 37.5
    await setCounters(mango.filmId, 1, 0, 1, 10); // (50 + 100) / 2 = 75
    await setCounters(apple.filmId, 3, 1, 0, 0); // 37.5, ties with Zebra: apple first
    const list = await allFilms();
    const ours = list.filter((f) => [zebra, apple, mango, unrated].some((x) => x.filmId === f.film_id));
    expect(ours.map((f) => [f.title, f.score])).toEqual([
      ['Mango Sky', 75],
      ['apple Tree', 37.5],
      ['Zebra Crossing', 37.5],
      ['Banana Split', 0],
    ]);
    expect(ours[0]).toEqual({
      film_id: mango.filmId,
      title: 'Mango Sky',
      release_year: 2012,
      description: mango.description,
      watch_link: 'https://watch.example/mango',
      slug: 'mango-sky-2012',
      score: 75,
      n: 1,
      h: 0,
      r: 1,
      s: 10,
      directors: [],
      poster_url: ours[0]?.poster_url,
    });
    // A film without a film database poster has a generated one on our origin (docs/product.md §Posters).
    expect(ours[0]?.poster_url).toMatch(new RegExp(`^/posters/g${mango.filmId}-[0-9a-f]{12}\\.webp$`));
    const scores = list.map((f) => f.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scores.every((s) => Number.isFinite(s))).toBe(true);
  });

  it('carries an ETag and answers 304 while the list is unchanged', async () => {
    const first = await t.app.inject('/api/films/allfilms');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await t.app.inject({ url: '/api/films/allfilms', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await createFilm(t.app);
    const changed = await t.app.inject({ url: '/api/films/allfilms', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('compresses with br or gzip when the client accepts it', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const plain = await t.app.inject('/api/films/allfilms');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    const br = await t.app.inject({ url: '/api/films/allfilms', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.app.inject({ url: '/api/films/allfilms', headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });
});

describe('the ranked list through caches (decision 013)', () => {
  const get = (headers: Record<string, string> = {}, query: Record<string, string> = {}) =>
    t.app.inject({ url: '/api/films/allfilms', headers, query });

  it('has one weak ETag for its plain and compressed copies, and a 304 for each that carries what the 200 does', async () => {
    const copies = await Promise.all(['identity', 'gzip', 'br'].map((encoding) => get({ 'accept-encoding': encoding })));
    const etag = String(copies[0]?.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(copies.map((c) => c.headers.etag)).toEqual([etag, etag, etag]);
    const strong = etag.slice(2);
    for (const [encoding, ifNoneMatch] of [
      ['br', etag],
      ['gzip', etag],
      ['identity', etag],
      // Weak comparison: a proxy that dropped the W/ still matches, and so do a list and *.
      ['br', strong],
      ['gzip', `"other", ${etag}`],
      ['br', '*'],
    ] as const) {
      const res = await get({ 'accept-encoding': encoding, 'if-none-match': ifNoneMatch });
      expect(res.statusCode, `${encoding} ${ifNoneMatch}`).toBe(304);
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toBe(copies[0]?.headers['cache-control']);
      expect(res.headers.vary).toBe('Accept-Encoding');
    }
    expect(copies[0]?.headers['cache-control']).toMatch(
      /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+, stale-if-error=\d+$/,
    );
    expect((await get({ 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('answers ?v= with that version, or a newer one when the version is older', async () => {
    const film = await createFilm(t.app);
    const before = String((await get()).headers.etag);
    const same = await get({}, { v: before });
    expect([same.statusCode, same.headers.etag]).toEqual([200, before]);
    await setCounters(film.filmId, 4, 0, 0, 0);
    const after = await get({}, { v: before });
    expect(after.headers.etag).not.toBe(before);
    expect(filmList.parse(after.json()).films.find((f) => f.film_id === film.filmId)?.n).toBe(4);
  });

  it('answers ?v= with a version it has not made by reading the list again, which a write it was not told of then shows', async () => {
    const film = await createFilm(t.app);
    // On PostgreSQL the notices of earlier writes come back through the change feed: let them arrive first.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = String((await get()).headers.etag);
    // Another instance's write, whose notice has not arrived: this instance's list does not show it yet.
    await t.app.db.update(films).set({ notHeardCount: 7 }).where(eq(films.filmId, film.filmId));
    expect((await get()).headers.etag).toBe(before);
    const newer = await get({}, { v: 'W/"a-version-made-elsewhere"' });
    expect(newer.statusCode).toBe(200);
    expect(newer.headers.etag).not.toBe(before);
    expect(filmList.parse(newer.json()).films.find((f) => f.film_id === film.filmId)?.n).toBe(7);
    expect((await get()).headers.etag).toBe(newer.headers.etag);
    expect((await get({}, { v: 'x'.repeat(201) })).statusCode).toBe(400);
  });
});

describe('GET /api/films/checkfilm', () => {
  it('tells whether a title and year are on the list, case-insensitively', async () => {
    const film = await createFilm(t.app, { title: unique('Checked Film '), releaseYear: 1988 });
    const check = async (title: string, year: string) =>
      (await t.app.inject({ url: '/api/films/checkfilm', query: { title, release_year: year } })).json<{ exists: boolean }>().exists;
    expect(await check(film.title.toUpperCase(), '1988')).toBe(true);
    expect(await check(film.title, '1989')).toBe(false);
    expect(await check(film.title, 'nineteen')).toBe(false);
    expect(await check(unique('Nothing '), '1988')).toBe(false);
  });

  it('answers 400 without its query', async () => {
    const res = await t.app.inject('/api/films/checkfilm');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
  });
});

describe('GET /api/films/filmdetails', () => {
  it('finds a film by its title and year, including the form read back from a URL, and by slug', async () => {
    const film = await createFilm(t.app, { title: 'Spider-Man', releaseYear: 2002 });
    const queries: Record<string, string>[] = [
      { title: 'Spider-Man', year: '2002' },
      { title: 'spider-man', year: '2002' },
      // Reading the address back (docs/product.md §Film addresses) turns /films/spider-man-2002 into the title "Spider Man".
      { title: 'Spider Man', year: '2002' },
      { slug: 'spider-man-2002' },
      { slug: 'SPIDER-MAN-2002' },
    ];
    for (const query of queries) {
      const res = await t.app.inject({ url: '/api/films/filmdetails', query });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ film: { film_id: film.filmId, title: 'Spider-Man', slug: 'spider-man-2002', score: 0 } });
    }
  });

  it('answers 404 with its message for a missing film', async () => {
    const queries: Record<string, string>[] = [
      { title: 'Not A Film', year: '1999' },
      { slug: 'not-a-film-1999' },
      { title: 'Spider-Man', year: 'x' },
    ];
    for (const query of queries) {
      const res = await t.app.inject({ url: '/api/films/filmdetails', query });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: messages.filmNotFound, code: 'film_not_found' });
    }
  });

  it('answers 400 when neither title and year nor slug is given', async () => {
    const res = await t.app.inject({ url: '/api/films/filmdetails', query: { title: 'Only A Title' } });
    expect(res.statusCode).toBe(400);
  });
});
