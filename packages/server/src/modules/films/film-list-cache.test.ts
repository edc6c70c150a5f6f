import { describe, expect, it } from 'vitest';
import type { Film } from '@filmlist/shared/api/films';
import { FilmListCache } from './film-list-cache.js';

const film = (film_id: number, score: number): Film => ({
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
    let release: (films: Film[]) => void = () => undefined;
    let loads = 0;
    const cache = new FilmListCache(() => {
      loads += 1;
      return new Promise<Film[]>((resolve) => (release = resolve));
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
});
