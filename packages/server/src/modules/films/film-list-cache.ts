import { createHash } from 'node:crypto';
import type { Film } from '@filmlist/shared/api/films';
import { rankFilms } from '@filmlist/shared/score';

export interface RankedList {
  films: Film[];
  /** the serialized answer of GET /api/films/allfilms */
  json: string;
  etag: string;
}

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

  constructor(
    private readonly loadFilms: () => Promise<Film[]>,
    private readonly options: FilmListCacheOptions = {},
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  get(): Promise<RankedList> {
    const maxAge = this.options.maxAgeMs?.();
    if (this.current && (maxAge === undefined || this.now() - this.current.loadedAt <= maxAge)) return this.current.list;
    const generation = this.generation;
    const list = this.loadFilms().then((films) => {
      const ranked = rankFilms(films);
      const json = JSON.stringify({ films: ranked });
      const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
      return { films: ranked, json, etag };
    });
    const entry = { list, loadedAt: this.now() };
    this.current = entry;
    list.then(
      () => {
        if (generation !== this.generation && this.current === entry) this.current = null;
      },
      () => {
        if (this.current === entry) this.current = null;
      },
    );
    return list;
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
