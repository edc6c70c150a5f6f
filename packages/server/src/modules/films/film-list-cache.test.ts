import { describe, expect, it } from 'vitest';
import type { ListedFilm } from '@filmlist/shared/api/films';
import fc from 'fast-check';
import { rankFilms } from '@filmlist/shared/score';
import { FilmListCache, WHOLE_READ_EVERY_MS, type FilmListSource } from './film-list-cache.js';
import { weakEtag } from '../../lib/http-cache.js';

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

/** A source that reads every film with `load`, and picks the named ones from it. */
const everyFilm = (load: () => Promise<ListedFilm[]>): FilmListSource => ({
  all: load,
  some: async (ids) => (await load()).filter((f) => ids.includes(f.film_id)),
});

describe('FilmListCache', () => {
  it('loads once, ranks, and reloads after an invalidation', async () => {
    let loads = 0;
    let films = [film(1, 10), film(2, 50)];
    const broadcasts: number[] = [];
    const cache = new FilmListCache(
      everyFilm(async () => (loads++, films)),
      { broadcast: () => broadcasts.push(loads) },
    );
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
    const cache = new FilmListCache(
      everyFilm(() => {
        loads += 1;
        return new Promise<ListedFilm[]>((resolve) => (release = resolve));
      }),
    );
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
    const cache = new FilmListCache(
      everyFilm(async () => (loads++, [])),
      { now: () => now, maxAgeMs: () => maxAge },
    );
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
    const cache = new FilmListCache(everyFilm(async () => (loads++, films)));
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
    const cache = new FilmListCache(everyFilm(async () => (loads++, films)));
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

  describe('after a write that names its film', () => {
    /** The films as the database has them, and what the cache read of them. */
    function database(initial: ListedFilm[]) {
      const rows = new Map(initial.map((f) => [f.film_id, f]));
      const reads: { all: number; some: number[][] } = { all: 0, some: [] };
      const source: FilmListSource = {
        all: async () => (reads.all++, [...rows.values()]),
        some: async (ids) => (reads.some.push([...ids]), ids.flatMap((id) => rows.get(id) ?? [])),
      };
      return { rows, reads, source };
    }
    /** The list read whole from these films, by a cache of its own. */
    const readWhole = (films: Iterable<ListedFilm>) => new FilmListCache(everyFilm(async () => [...films])).get();

    it('reads only that film again, and makes the same list as a read of every film', async () => {
      const { rows, reads, source } = database([film(1, 10), film(2, 50), film(3, 30)]);
      const cache = new FilmListCache(source);
      await cache.get();
      rows.set(1, film(1, 70));
      cache.invalidate(1);
      const list = await cache.get();
      expect(reads).toEqual({ all: 1, some: [[1]] });
      expect(list.films.map((f) => f.film_id)).toEqual([1, 2, 3]);
      const whole = await readWhole(rows.values());
      expect(list.body.equals(whole.body)).toBe(true);
      expect(list.etag).toBe(whole.etag);
      expect(list.body.toString()).toBe(JSON.stringify({ films: rankFilms([...rows.values()]) }));
    });

    it('drops a film that is gone and adds one that is new, and reads every film after a change it is not told the film of', async () => {
      const { rows, reads, source } = database([film(1, 10), film(2, 50)]);
      const cache = new FilmListCache(source);
      await cache.get();
      rows.delete(2);
      rows.set(3, film(3, 20));
      cache.invalidateLocal([2, 3]);
      expect((await cache.get()).films.map((f) => f.film_id)).toEqual([3, 1]);
      expect(reads.some).toEqual([[2, 3]]);
      cache.invalidateLocal([1]);
      cache.invalidateLocal();
      await cache.get();
      expect(reads).toEqual({ all: 2, some: [[2, 3]] });
    });

    it('reads every film while changes elsewhere may go unheard (maxAgeMs set), even after a write that names its film', async () => {
      const { rows, reads, source } = database([film(1, 10), film(2, 20)]);
      let feedDown = true;
      const cache = new FilmListCache(source, { maxAgeMs: () => (feedDown ? 1000 : undefined) });
      await cache.get();
      // Another instance's write, unheard; then one here that names its film.
      rows.set(2, film(2, 80));
      rows.set(1, film(1, 30));
      cache.invalidate(1);
      expect((await cache.get()).films.map((f) => [f.film_id, f.score])).toEqual([
        [2, 80],
        [1, 30],
      ]);
      expect(reads).toEqual({ all: 2, some: [] });
      feedDown = false;
      rows.set(1, film(1, 90));
      cache.invalidate(1);
      await cache.get();
      expect(reads).toEqual({ all: 2, some: [[1]] });
    });

    it('reads every film again once its last read of every film is WHOLE_READ_EVERY_MS old', async () => {
      const { rows, reads, source } = database([film(1, 10), film(2, 20)]);
      let now = 0;
      const cache = new FilmListCache(source, { now: () => now });
      await cache.get();
      now = WHOLE_READ_EVERY_MS - 1;
      cache.invalidate(1);
      await cache.get();
      expect(reads).toEqual({ all: 1, some: [[1]] });
      // A change no notice named, seen at the next read of every film.
      rows.set(2, film(2, 70));
      now = WHOLE_READ_EVERY_MS;
      cache.invalidate(1);
      expect((await cache.get()).films[0]?.score).toBe(70);
      expect(reads).toEqual({ all: 2, some: [[1]] });
    });

    it('reads every film when more than MAX_FILMS_REREAD changed, and after a read that failed', async () => {
      const { rows, reads, source } = database([film(1, 10)]);
      let fail = false;
      const cache = new FilmListCache({ all: source.all, some: (ids) => (fail ? Promise.reject(new Error('down')) : source.some(ids)) });
      await cache.get();
      cache.invalidateLocal(Array.from({ length: 1001 }, (_, i) => i + 1));
      await cache.get();
      expect(reads).toEqual({ all: 2, some: [] });
      rows.set(1, film(1, 90));
      fail = true;
      cache.invalidate(1);
      await expect(cache.get()).rejects.toThrow('down');
      fail = false;
      expect((await cache.get()).films[0]?.score).toBe(90);
      expect(reads.all).toBe(3);
    });

    it('ends equal to a read of every film, whatever the writes, their notices and the reads in between', async () => {
      const op = fc.oneof(
        fc.record({ kind: fc.constant('vote' as const), id: fc.integer({ min: 1, max: 8 }), score: fc.integer({ min: 0, max: 100 }) }),
        fc.record({ kind: fc.constant('remove' as const), id: fc.integer({ min: 1, max: 8 }) }),
        fc.record({ kind: fc.constant('unnamed' as const), id: fc.integer({ min: 1, max: 8 }), score: fc.integer({ min: 0, max: 100 }) }),
        fc.record({ kind: fc.constant('read' as const), wait: fc.boolean() }),
        fc.record({ kind: fc.constant('tick' as const) }),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.array(op, { maxLength: 40 }),
          fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1 }),
          async (ops, delays) => {
            const rows = new Map([1, 2, 3, 4].map((id) => [id, film(id, id * 10)]));
            // Reads take a few milliseconds, as a database's do, each its own time: writes and notices land in the
            // middle of them, and a later read may answer first. Each sees the films as they were when it began.
            let reads = 0;
            const later = <T>(value: () => T) => {
              const seen = value();
              return new Promise<T>((resolve) => setTimeout(() => resolve(seen), delays[reads++ % delays.length]));
            };
            const cache = new FilmListCache({
              all: () => later(() => [...rows.values()]),
              some: (ids) => later(() => ids.flatMap((id) => rows.get(id) ?? [])),
            });
            const pending: Promise<unknown>[] = [];
            for (const step of ops) {
              if (step.kind === 'vote') {
                rows.set(step.id, film(step.id, step.score));
                cache.invalidateLocal([step.id]);
              } else if (step.kind === 'remove') {
                rows.delete(step.id);
                cache.invalidateLocal([step.id]);
              } else if (step.kind === 'unnamed') {
                rows.set(step.id, film(step.id, step.score));
                cache.invalidateLocal();
              } else if (step.kind === 'read') {
                const read = cache.get();
                if (step.wait) await read;
                else pending.push(read);
              } else await new Promise((resolve) => setTimeout(resolve, 1));
            }
            await Promise.all(pending);
            const list = await cache.get();
            const whole = await readWhole(rows.values());
            expect(list.body.toString()).toBe(whole.body.toString());
            expect(list.etag).toBe(weakEtag(JSON.stringify({ films: rankFilms([...rows.values()]) })));
          },
        ),
        { numRuns: 300 },
      );
    });
  });
});
