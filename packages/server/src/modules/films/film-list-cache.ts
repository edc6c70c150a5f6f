import { createHash } from 'node:crypto';
import type { Film } from '@filmlist/shared/api/films';
import { rankFilms } from '@filmlist/shared/score';

export interface RankedList {
  films: Film[];
  /** the serialized answer of GET /api/films/allfilms */
  json: string;
  etag: string;
}

/**
 * The ranked list, computed once and kept until a write that changes films or
 * ranking invalidates it. A load that overlaps an invalidation is not kept.
 */
export class FilmListCache {
  private current: Promise<RankedList> | null = null;
  private generation = 0;

  constructor(private readonly loadFilms: () => Promise<Film[]>) {}

  get(): Promise<RankedList> {
    if (this.current) return this.current;
    const generation = this.generation;
    const loading = this.loadFilms().then((films) => {
      const ranked = rankFilms(films);
      const json = JSON.stringify({ films: ranked });
      const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
      return { films: ranked, json, etag };
    });
    this.current = loading;
    loading.then(
      () => {
        if (generation !== this.generation && this.current === loading) this.current = null;
      },
      () => {
        if (this.current === loading) this.current = null;
      },
    );
    return loading;
  }

  invalidate(): void {
    this.generation += 1;
    this.current = null;
  }
}
