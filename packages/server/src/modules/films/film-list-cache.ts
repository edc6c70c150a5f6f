import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Film } from '@filmlist/shared/api/films';
import { rankFilms } from '@filmlist/shared/score';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip';

export interface RankedList {
  films: Film[];
  /** the answer of GET /api/films/allfilms, serialized and encoded once */
  body: Buffer;
  etag: string;
  /** the body compressed, made once per list on first request */
  compressed(encoding: Encoding): Promise<Buffer>;
}

function rankedList(films: Film[]): RankedList {
  const ranked = rankFilms(films);
  const body = Buffer.from(JSON.stringify({ films: ranked }));
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  const variants = new Map<Encoding, Promise<Buffer>>();
  return {
    films: ranked,
    body,
    etag,
    compressed(encoding) {
      let variant = variants.get(encoding);
      if (!variant) {
        // Quality 5 and level 6: most of the size gain for a small part of the time.
        variant =
          encoding === 'br'
            ? brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
            : gzipAsync(body, { level: 6 });
        variants.set(encoding, variant);
      }
      return variant;
    },
  };
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
    const list = this.loadFilms().then(rankedList);
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
