import type { ListedFilm } from '@filmlist/shared/api/films';
import { rankFilms } from '@filmlist/shared/score';
import { compressible, type CompressibleBody } from '../../lib/compression.js';
import { weakEtag } from '../../lib/http-cache.js';

export interface RankedList extends CompressibleBody {
  films: ListedFilm[];
  /** `body` is the answer of GET /api/films/allfilms, serialized once; this is its version, a weak ETag the same for every encoding */
  etag: string;
}

/**
 * Each film's JSON in the list's answer as UTF-8 after a comma, made once per
 * presented film: a list made after a few films changed serializes only those,
 * and its body is these bytes copied one after another (joining the strings
 * and encoding the result took ten times as long at 10,000 films).
 */
const serialized = new WeakMap<ListedFilm, Buffer>();

function jsonAfterComma(film: ListedFilm): Buffer {
  let json = serialized.get(film);
  if (json === undefined) {
    json = Buffer.from(`,${JSON.stringify(film)}`);
    serialized.set(film, json);
  }
  return json;
}

const OPEN = Buffer.from('{"films":[');
const CLOSE = Buffer.from(']}');

/** The answer of GET /api/films/allfilms for films in rank order: the bytes JSON.stringify({ films }) makes. */
function rankedList(ranked: ListedFilm[]): RankedList {
  const parts = ranked.map(jsonAfterComma);
  if (parts[0]) parts[0] = parts[0].subarray(1);
  const body = Buffer.concat([OPEN, ...parts, CLOSE]);
  return { films: ranked, etag: weakEtag(body), ...compressible(body) };
}

/**
 * What is made from a ranked list at most once per list (a page, a feed, an
 * index, the standings read so far): a write brings a new list, and so a new
 * one on the next request; the old one is collected with its list. A promise
 * that fails is forgotten, so the next request tries again.
 */
export function perList<T>(build: (list: RankedList) => T): (list: RankedList) => T {
  const made = new WeakMap<RankedList, T>();
  return (list) => {
    const existing = made.get(list);
    if (existing !== undefined) return existing;
    const value = build(list);
    made.set(list, value);
    if (value instanceof Promise) value.catch(() => made.delete(list));
    return value;
  };
}

/** Versions of the list this process made, remembered to tell an older version from an unknown one. */
const VERSIONS_KEPT = 32;

/** Reads of the list forced by an unknown version are at least this far apart (decision 013). */
const FORCED_READ_GAP_MS = 1000;

/** Past this many changed films since the last list, the next one reads every film: one scan beats that many lookups. */
export const MAX_FILMS_REREAD = 1000;

/**
 * A list made from an older one reads every film again when its last read of every film is this old: a
 * change no notice named (an edit made by hand in SQL) shows within it. At 100,000 films that costs an
 * instance about a second and a half of CPU in ten minutes.
 */
export const WHOLE_READ_EVERY_MS = 10 * 60 * 1000;

/** Where the ranked list's films come from: all of them, or a few that changed. */
export interface FilmListSource {
  all(): Promise<ListedFilm[]>;
  /** these films as they are now; a film left out is gone */
  some(filmIds: readonly number[]): Promise<ListedFilm[]>;
}

export interface FilmListCacheOptions {
  /** now, in milliseconds (the app's clock) */
  now?: () => number;
  /**
   * How old a cached list may be served, when set. Several instances use 1 s
   * while their change feed is down, so another instance's write shows within it.
   */
  maxAgeMs?: () => number | undefined;
  /** called by invalidate(): tells the other instances which film changed (undefined: any of them) */
  broadcast?: (filmId: number | undefined) => void;
}

/** The last list made here and its films by id: what a list made after a few changes starts from. */
interface Base {
  list: RankedList;
  byId: Map<number, ListedFilm>;
  /** when every film was last read (the clock's ms) */
  wholeReadAt: number;
}

/**
 * The ranked list, computed once and kept until a write that changes films or
 * ranking invalidates it. A load that overlaps an invalidation is not kept.
 *
 * A write that names its film (a vote, here or announced by another instance)
 * makes the next list from the last one: only the films named since are read
 * again, moved to their new ranks and serialized. Anything else (a write that
 * does not name its film, a change feed that is or was down, a version this
 * process has not made) reads every film. Lists are made one after another, each from
 * the one before, so two never patch the same base.
 */
export class FilmListCache {
  private current: { list: Promise<RankedList>; loadedAt: number } | null = null;
  private generation = 0;
  /** the films changed since the last list was made, or every film */
  private changed: Set<number> | 'all' = 'all';
  private base: Base | null = null;
  /** lists being made or waiting to be: a new one waits for `lastMade` while any is */
  private making = 0;
  private lastMade: Promise<unknown> = Promise.resolve();
  /** the versions of the lists made here lately, and those a read here covered (atLeast), oldest first: the current list holds each */
  private readonly made: string[] = [];
  /** a read forced by an unknown version, not started yet: requests arriving meanwhile share it */
  private forcedRead: Promise<RankedList> | null = null;
  private lastForcedReadAt = -Infinity;

  constructor(
    private readonly source: FilmListSource,
    private readonly options: FilmListCacheOptions = {},
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  get(): Promise<RankedList> {
    const maxAge = this.options.maxAgeMs?.();
    if (this.current) {
      if (maxAge === undefined || this.now() - this.current.loadedAt <= maxAge) return this.current.list;
      // Served as long as allowed while changes elsewhere may go unheard: read every film.
      this.changed = 'all';
    }
    const generation = this.generation;
    this.making += 1;
    const list = this.making > 1 ? this.lastMade.then(() => this.make()) : this.make();
    this.lastMade = list.catch(() => undefined);
    const entry = { list, loadedAt: this.now() };
    this.current = entry;
    list.then(
      (made) => {
        this.remember(made.etag);
        if (generation !== this.generation && this.current === entry) this.current = null;
      },
      () => {
        if (this.current === entry) this.current = null;
      },
    );
    return list;
  }

  /** A new list: the last one with the films changed since read again, or every film read. */
  private async make(): Promise<RankedList> {
    const changed = this.changed;
    this.changed = new Set();
    try {
      const base = this.base;
      // While changes elsewhere may go unheard (maxAgeMs set: the change feed is down), films not named may have changed too.
      if (
        changed === 'all' ||
        base === null ||
        this.options.maxAgeMs?.() !== undefined ||
        this.now() - base.wholeReadAt >= WHOLE_READ_EVERY_MS
      ) {
        const wholeReadAt = this.now();
        const films = await this.source.all();
        const list = rankedList(rankFilms(films));
        this.base = { list, byId: new Map(films.map((film) => [film.film_id, film])), wholeReadAt };
        return list;
      }
      if (changed.size === 0) return base.list;
      const ids = [...changed];
      const fresh = await this.source.some(ids);
      for (const id of ids) base.byId.delete(id);
      for (const film of fresh) base.byId.set(film.film_id, film);
      // The last ranks with the changed films in place: nearly in order, which the sort sees through.
      const ranked: ListedFilm[] = [];
      for (const film of base.list.films) {
        const now = base.byId.get(film.film_id);
        if (now && !changed.has(film.film_id)) ranked.push(now);
      }
      for (const film of fresh) ranked.push(film);
      base.list = rankedList(rankFilms(ranked));
      return base.list;
    } catch (error) {
      // What this read would have taken in is unknown: the next reads every film.
      this.changed = 'all';
      throw error;
    } finally {
      this.making -= 1;
    }
  }

  /**
   * A list at least as new as `version`. The current one when it is that
   * version, or when that version was made or covered here before it;
   * otherwise (made by another instance that heard of a change first, or made
   * up) a list read after this call, so it holds every write the version could
   * hold. That read covers the version from then on: the next request for it
   * gets the current list, with no read of its own, even when writes since
   * made the list newer. Such reads are at least a second apart, so made-up
   * versions cannot keep the database busy.
   */
  async atLeast(version: string): Promise<RankedList> {
    const list = await this.get();
    if (list.etag === version || this.made.includes(version)) return list;
    const read = await this.readAfterNow();
    this.remember(version);
    return read;
  }

  private readAfterNow(): Promise<RankedList> {
    if (this.forcedRead) return this.forcedRead;
    const wait = Math.max(0, this.lastForcedReadAt + FORCED_READ_GAP_MS - performance.now());
    const read = new Promise((resolve) => setTimeout(resolve, wait)).then(() => {
      this.forcedRead = null;
      this.lastForcedReadAt = performance.now();
      this.invalidateLocal();
      return this.get();
    });
    this.forcedRead = read;
    return read;
  }

  private remember(version: string): void {
    if (this.made.at(-1) === version) return;
    this.made.push(version);
    if (this.made.length > VERSIONS_KEPT) this.made.shift();
  }

  /** After a write (to `filmId`'s row and votes alone, when given): drop the list here and tell the other instances. */
  invalidate(filmId?: number): void {
    this.invalidateLocal(filmId === undefined ? undefined : [filmId]);
    this.options.broadcast?.(filmId);
  }

  /** A change made elsewhere (to these films alone, when given): drop the list here only. */
  invalidateLocal(filmIds?: readonly number[]): void {
    this.generation += 1;
    this.current = null;
    if (filmIds === undefined || this.changed === 'all') {
      this.changed = 'all';
      return;
    }
    for (const id of filmIds) this.changed.add(id);
    if (this.changed.size > MAX_FILMS_REREAD) this.changed = 'all';
  }
}
