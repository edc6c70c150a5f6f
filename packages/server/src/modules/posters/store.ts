import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import sharp, { type Metadata } from 'sharp';
import { POSTER_WIDTHS, posterHeight, type PosterWidth } from '@filmlist/shared/api/posters';
import type { Database } from '../../db/connection.js';
import { posterFiles, posterImages } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { IMAGE_PATH } from '../film-database/client.js';
import { transaction } from '../../db/transaction.js';
import type { FilmDatabaseClient } from '../film-database/client.js';
import { FilmDatabaseUnavailable } from '../film-database/tmdb-http.js';
import { tmdbPosterKey } from './address.js';

/**
 * Film database posters (docs/product.md §Posters, decision 014): a poster path is remembered when
 * it is seen in one of TMDB's answers, fetched once from TMDB_IMAGE_URL (capped in bytes by the
 * film database's transport), checked (type, pixels), re-encoded as WebP at every width and kept in
 * the database; each instance keeps the posters it served last in memory.
 */

/** The size asked of TMDB: wide enough for the largest width drawn (500), about 100 KB. */
const SOURCE_SIZE = 'w780';
/** Larger images are refused before they are decoded: TMDB's w780 posters are 780 x 1170 (0.9 MP). */
export const MAX_SOURCE_PIXELS = 3000 * 4500;
/** The formats a poster may arrive in; anything else (SVG, HTML, GIF...) is refused. */
const SOURCE_FORMATS = new Set(['jpeg', 'png', 'webp']);
/**
 * After a failed fetch, the poster is not asked for again for this long (a generated or plain one
 * stands in): less than the film refresh's first retry (jobs/film-refresh.ts), which asks again.
 */
export const RETRY_AFTER_FAILURE_MS = 30 * 60_000;
/** The bytes of posters kept in memory per instance. */
const MEMORY_BYTES = 32 * 1024 * 1024;
const WEBP_QUALITY = 78;

export interface StoredPoster {
  body: Buffer;
  etag: string;
}

export type EnsureOutcome = 'stored' | 'unknown' | 'failed';

/** Why a source image was refused: it is not a poster we may serve. */
export class PosterRefused extends Error {}

/** A file's re-encodings at every width, or PosterRefused. */
export async function reencode(source: Buffer): Promise<Map<PosterWidth, Buffer>> {
  let meta: Metadata;
  try {
    meta = await sharp(source, { limitInputPixels: MAX_SOURCE_PIXELS }).metadata();
  } catch {
    throw new PosterRefused('not an image');
  }
  if (!meta.format || !SOURCE_FORMATS.has(meta.format)) throw new PosterRefused(`a ${meta.format ?? 'unknown'} file`);
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (pixels <= 0 || pixels > MAX_SOURCE_PIXELS) throw new PosterRefused(`${meta.width ?? 0} x ${meta.height ?? 0} pixels`);
  const out = new Map<PosterWidth, Buffer>();
  try {
    for (const width of POSTER_WIDTHS) {
      const body = await sharp(source, { limitInputPixels: MAX_SOURCE_PIXELS, failOn: 'error' })
        .rotate()
        .resize(width, posterHeight(width), { fit: 'cover', position: 'centre' })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer();
      out.set(width, body);
    }
  } catch {
    throw new PosterRefused('could not be decoded');
  }
  return out;
}

const strongEtag = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;

export class PosterStore {
  /** The posters served last, least recently used out first, up to MEMORY_BYTES of them. */
  private readonly memory = new LRUCache<string, StoredPoster>({
    maxSize: MEMORY_BYTES,
    sizeCalculation: (poster) => poster.body.length || 1,
  });
  private readonly inFlight = new Map<string, Promise<EnsureOutcome>>();

  constructor(
    private readonly db: Database,
    /** null while the film database is off: nothing is fetched */
    private readonly client: FilmDatabaseClient | null,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Remembers poster paths from one of TMDB's answers, so their addresses may be served, as seen
   * now; returns each valid path's key. Paths that do not look like TMDB's file names are ignored.
   */
  async remember(paths: readonly (string | null | undefined)[]): Promise<Map<string, string>> {
    const keys = new Map<string, string>();
    for (const path of paths) if (path && IMAGE_PATH.test(path)) keys.set(path, tmdbPosterKey(path));
    if (keys.size === 0) return keys;
    const now = this.clock.now();
    // Seen again: housekeeping keeps a poster an answer named within its grace (jobs/pruning.ts).
    await this.db
      .insert(posterFiles)
      .values([...keys].map(([path, key]) => ({ key, path, seenAt: now })))
      .onConflictDoUpdate({ target: posterFiles.key, set: { seenAt: now } });
    return keys;
  }

  /** A poster at a width, from memory or the database; null when it is not stored. */
  async read(key: string, width: PosterWidth): Promise<StoredPoster | null> {
    const name = `${key}/${width}`;
    const kept = this.memory.get(name);
    if (kept) return kept;
    const [row] = await this.db
      .select({ body: posterImages.body, etag: posterImages.etag })
      .from(posterImages)
      .where(and(eq(posterImages.key, key), eq(posterImages.width, width)));
    if (!row) return null;
    this.keep(name, row);
    return row;
  }

  /**
   * Makes sure the poster under `key` is stored, fetching it once if it is not: 'unknown' for a
   * key no answer of TMDB named, 'failed' when it cannot be had now (the film database is off or
   * unavailable, the file was refused, or it failed within RETRY_AFTER_FAILURE_MS).
   */
  ensure(key: string): Promise<EnsureOutcome> {
    let running = this.inFlight.get(key);
    if (!running) {
      running = this.fetchAndStore(key).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, running);
    }
    return running;
  }

  /** The poster of a path from a TMDB answer, remembered and stored; true once it is. */
  async storeFromAnswer(path: string | null | undefined): Promise<boolean> {
    const keys = await this.remember([path]);
    const key = path ? keys.get(path) : undefined;
    return key !== undefined && (await this.ensure(key)) === 'stored';
  }

  private async fetchAndStore(key: string): Promise<EnsureOutcome> {
    const [file] = await this.db.select().from(posterFiles).where(eq(posterFiles.key, key));
    if (!file) return 'unknown';
    if (file.storedAt) return 'stored';
    const now = this.clock.now();
    const { client } = this;
    if (!client) return 'failed';
    if (file.failedAt && now.getTime() - file.failedAt.getTime() < RETRY_AFTER_FAILURE_MS) return 'failed';
    let images: Map<PosterWidth, Buffer>;
    try {
      const source = await client.image(file.path, SOURCE_SIZE);
      if (!source) throw new PosterRefused('no such file');
      images = await reencode(source);
    } catch (error) {
      if (!(error instanceof PosterRefused || error instanceof FilmDatabaseUnavailable)) throw error;
      this.log.warn({ path: file.path, reason: error.message }, 'a film database poster could not be stored');
      await this.db
        .update(posterFiles)
        .set({ failedAt: this.clock.now() })
        .where(and(eq(posterFiles.key, key), isNull(posterFiles.storedAt)));
      return 'failed';
    }
    const rows = [...images].map(([width, body]) => ({ key, width, body, etag: strongEtag(body) }));
    await transaction(this.db, async (tx) => {
      await tx.insert(posterImages).values(rows).onConflictDoNothing();
      await tx.update(posterFiles).set({ storedAt: this.clock.now(), failedAt: null }).where(eq(posterFiles.key, key));
    });
    return 'stored';
  }

  private keep(name: string, poster: StoredPoster): void {
    this.memory.set(name, poster);
  }
}
