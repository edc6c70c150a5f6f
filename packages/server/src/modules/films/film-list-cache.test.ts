import { describe, expect, it } from 'vitest';
import type { ListedFilm } from '@filmlist/shared/api/films';
import { FilmListCache } from './film-list-cache.js';

const film = (film_id: number, score: number): ListedFilm => ({
  film_id,
  title: `Film ${film_id}`,
  release_year: 2000,
  description: 'x',
  watch_link: null,
  slug: `film-${film_id}-2000`,
  score,
  n: 0,
  h: 0,
  r: 0,
  s: 0,
  directors: [],
  poster_url: `/posters/g${film_id}-000000000000.svg`,
});

describe('FilmListCache', () => {
  it('loads once, ranks, and reloads after an invalidation', async () => {
    let loads = 0;
    let films = [film(1, 10), film(2, 50)];
    const broadcasts: number[] = [];
    const cache = new FilmListCache(async () => (loads++, films), { broadcast: () => broadcasts.push(loads) });
    const first = await cache.get();
    expect(first.films.map((f) => f.film_id)).toEqual([2, 1]);
    expect(JSON.parse(first.body.toString())).toEqual({ films: first.films });
    const { gunzipSync, brotliDecompressSync } = await import('node:zlib');
    expect(gunzipSync(await first.compressed('gzip')).equals(first.body)).toBe(true);
    expect(brotliDecompressSync(await first.compressed('br')).equals(first.body)).toBe(true);
    expect(await first.compressed('br')).toBe(await first.compressed('br'));
    await cache.get();
    expect(loads).toBe(1);
    films = [film(1, 90)];
    cache.invalidate();
    expect(broadcasts).toEqual([1]);
    expect((await cache.get()).films.map((f) => f.film_id)).toEqual([1]);
    expect(loads).toBe(2);
    cache.invalidateLocal();
    await cache.get();
    expect(broadcasts).toEqual([1]);
  });

  it('does not keep a load that an invalidation overtook', async () => {
    let release: (films: ListedFilm[]) => void = () => undefined;
    let loads = 0;
    const cache = new FilmListCache(() => {
      loads += 1;
      return new Promise<ListedFilm[]>((resolve) => (release = resolve));
    });
    const pending = cache.get();
    cache.invalidate();
    release([film(1, 1)]);
    await pending;
    const next = cache.get();
    release([film(2, 2)]);
    expect((await next).films[0]?.film_id).toBe(2);
    expect(loads).toBe(2);
  });

  it('serves a list no older than maxAgeMs when one is set', async () => {
    let now = 0;
    let loads = 0;
    let maxAge: number | undefined = 1000;
    const cache = new FilmListCache(async () => (loads++, []), { now: () => now, maxAgeMs: () => maxAge });
    await cache.get();
    now = 900;
    await cache.get();
    expect(loads).toBe(1);
    now = 1001;
    await cache.get();
    expect(loads).toBe(2);
    maxAge = undefined;
    now = 100_000;
    await cache.get();
    expect(loads).toBe(2);
  });

  it('answers atLeast with the current list for its own versions, and reads again for one it has not made, at most once a second', async () => {
    let loads = 0;
    let films = [film(1, 10)];
    const cache = new FilmListCache(async () => (loads++, films));
    const first = await cache.get();
    films = [film(1, 20)];
    cache.invalidate();
    const second = await cache.get();
    expect(second.etag).not.toBe(first.etag);
    expect(await cache.atLeast(first.etag)).toBe(second);
    expect(await cache.atLeast(second.etag)).toBe(second);
    expect(loads).toBe(2);

    // A change this instance was not told of, then versions it has not made: one read serves those asked together.
    films = [film(1, 30)];
    const together = await Promise.all(['W/"a"', 'W/"b"', 'W/"c"'].map((v) => cache.atLeast(v)));
    expect(loads).toBe(3);
    expect(new Set(together).size).toBe(1);
    expect(together[0]?.films[0]?.score).toBe(30);
    // The next forced read waits until a second after the last one started.
    const started = performance.now();
    await cache.atLeast('W/"d"');
    expect(loads).toBe(4);
    expect(performance.now() - started).toBeGreaterThan(800);
  });

  it('reads once for a version another instance made, and answers every later request for it from the current list, even a newer one', async () => {
    let loads = 0;
    let films = [film(1, 10)];
    const cache = new FilmListCache(async () => (loads++, films));
    await cache.get();
    // Another instance made W/"elsewhere" from writes this one has not heard of yet; a write since makes the list newer still.
    films = [film(1, 40), film(2, 50)];
    const first = await cache.atLeast('W/"elsewhere"');
    expect(loads).toBe(2);
    expect(first.films[0]?.score).toBe(50);
    // The pages told of W/"elsewhere" keep asking for it, one after the other: no more reads, and no second's wait.
    const started = performance.now();
    for (let i = 0; i < 20; i += 1) expect(await cache.atLeast('W/"elsewhere"')).toBe(first);
    expect(loads).toBe(2);
    expect(performance.now() - started).toBeLessThan(500);
    // A write here makes a newer list, which still holds the version.
    films = [film(1, 60)];
    cache.invalidate();
    const newer = await cache.atLeast('W/"elsewhere"');
    expect(newer.films[0]?.score).toBe(60);
    expect(loads).toBe(3);
  });
});
