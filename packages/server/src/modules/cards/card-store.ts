import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { renderCard, type CardFilm } from './card-image.js';

/** Bump when the card's design changes: every card gets a new version, and so a new address. */
const DESIGN = 1;

/** A film's card version: a hash of what the card shows. An edit of its title, year or logline changes it. */
export function cardVersion(film: CardFilm): string {
  return createHash('sha256')
    .update(JSON.stringify([DESIGN, film.filmId, film.title, film.releaseYear, film.description]))
    .digest('hex')
    .slice(0, 16);
}

/** The card's path under PUBLIC_URL: content-addressed, so it can be cached for ever. */
export const cardPath = (film: CardFilm) => `/cards/${film.filmId}-${cardVersion(film)}.png`;

export type CardSource = 'memory' | 'disk' | 'rendered';

/** How many cards stay in memory (about 40 KB each). */
const MEMORY_CARDS = 64;

/**
 * Share cards, kept in memory (the most recently used) and as files in
 * DATA_DIR/cards, which outlive a restart. A film's older versions are
 * deleted when a new one is written. Renders run one at a time, so a burst of
 * new cards cannot take every core from the requests around them.
 */
export class CardStore {
  /** The cards served last, least recently used out first. */
  private readonly memory = new LRUCache<string, Buffer>({ max: MEMORY_CARDS });
  private readonly pending = new Map<string, Promise<Buffer>>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly dir: string) {}

  async get(film: CardFilm): Promise<{ png: Buffer; source: CardSource }> {
    const name = `${film.filmId}-${cardVersion(film)}.png`;
    const kept = this.memory.get(name);
    if (kept) return { png: kept, source: 'memory' };
    const onDisk = await readFile(path.join(this.dir, name)).catch(() => null);
    if (onDisk) {
      this.remember(name, onDisk);
      return { png: onDisk, source: 'disk' };
    }
    let rendering = this.pending.get(name);
    if (!rendering) {
      rendering = this.render(film, name);
      this.pending.set(name, rendering);
      void rendering.catch(() => undefined).finally(() => this.pending.delete(name));
    }
    return { png: await rendering, source: 'rendered' };
  }

  private async render(film: CardFilm, name: string): Promise<Buffer> {
    const turn = this.queue.then(() => renderCard(film));
    this.queue = turn.catch(() => undefined);
    const png = await turn;
    this.remember(name, png);
    await this.save(film.filmId, name, png);
    return png;
  }

  private remember(name: string, png: Buffer): void {
    this.memory.set(name, png);
  }

  /** Written whole (a temporary file, then a rename); a disk that refuses only costs a render next time. */
  private async save(filmId: number, name: string, png: Buffer): Promise<void> {
    try {
      await mkdir(this.dir, { recursive: true });
      const temporary = path.join(this.dir, `.${name}.${process.pid}.tmp`);
      await writeFile(temporary, png);
      await rename(temporary, path.join(this.dir, name));
      const stale = (await readdir(this.dir)).filter((file) => file.startsWith(`${filmId}-`) && file !== name);
      await Promise.all(stale.map((file) => unlink(path.join(this.dir, file)).catch(() => undefined)));
    } catch {
      // The card is still served from memory.
    }
  }
}
