import type { ListedFilm } from '@filmlist/shared/api/films';
import { rankFilms } from '@filmlist/shared/score';
import { compressible, type CompressibleBody } from '../../lib/compression.js';
import { weakEtag } from '../../lib/http-cache.js';

export interface RankedList extends CompressibleBody {
  films: ListedFilm[];
  /** `body` is the answer of GET /api/films/allfilms, serialized once; this is its version, a weak ETag the same for every encoding */
  etag: string;
}

function rankedList(films: ListedFilm[]): RankedList {
  const ranked = rankFilms(films);
  const body = Buffer.from(JSON.stringify({ films: ranked }));
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

export interface FilmListCacheOptions {
  /** now, in milliseconds (the app's clock) */
  now?: () => number;
  /**
   * How old a cached list may be served, when set. Several instances use 1 s
   * while their change feed is down, so another instance's write shows within it.
   */
  maxAgeMs?: () => number | undefined;
  /** called by invalidate(): tells the other instances */
  broadcast?: () => void;
}

/**
 * The ranked list, computed once and kept until a write that changes films or
 * ranking invalidates it. A load that overlaps an invalidation is not kept.
 */
export class FilmListCache {
  private current: { list: Promise<RankedList>; loadedAt: number } | null = null;
  private generation = 0;
  /** the versions of the lists made here lately, and those a read here covered (atLeast), oldest first: the current list holds each */
  private readonly made: string[] = [];
  /** a read forced by an unknown version, not started yet: requests arriving meanwhile share it */
  private forcedRead: Promise<RankedList> | null = null;
  private lastForcedReadAt = -Infinity;

  constructor(
    private readonly loadFilms: () => Promise<ListedFilm[]>,
    private readonly options: FilmListCacheOptions = {},
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  get(): Promise<RankedList> {
    const maxAge = this.options.maxAgeMs?.();
    if (this.current && (maxAge === undefined || this.now() - this.current.loadedAt <= maxAge)) return this.current.list;
    const generation = this.generation;
    const list = this.loadFilms().then(rankedList);
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

  /** After a write: drop the list here and tell the other instances. */
  invalidate(): void {
    this.invalidateLocal();
    this.options.broadcast?.();
  }

  /** A change made elsewhere: drop the list here only. */
  invalidateLocal(): void {
    this.generation += 1;
    this.current = null;
  }
}
