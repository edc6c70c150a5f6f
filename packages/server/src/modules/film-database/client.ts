import type { FastifyBaseLogger } from 'fastify';
import { z, type ZodType } from 'zod';
import { tmdbMovieAnswer, tmdbSearchAnswer, type TmdbMovieAnswer, type TmdbSearchResult } from '@filmlist/shared/tmdb-answers';
import type { FilmDatabaseConfig } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import type { AnswerCache } from './answer-cache.js';
import { FilmDatabaseUnavailable, type TmdbHttp } from './tmdb-http.js';

const DAY_MS = 24 * 3600_000;

/** How long a stored answer is fresh: searches a day, a film's details a week (docs/product.md §Film database). */
export const ANSWER_FRESH_MS = { search: DAY_MS, movie: 7 * DAY_MS } as const;

/** API answers larger than this are refused (a film's details with every credit are about 100 KB). */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;
/** Image files larger than this are refused before they are decoded (posters at w780 are about 100 KB). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** An image path as TMDB's answers give it: one file name, nothing that could leave TMDB_IMAGE_URL. */
export const IMAGE_PATH = /^\/[A-Za-z0-9_-]{1,100}\.(?:jpg|jpeg|png|webp)$/;

/** The image sizes the server asks for: a film's poster, and a lookup candidate's. */
export type ImageSize = 'w780' | 'w185';

/** Stored answers are wrapped, so that "no such film" is an answer too. */
const stored = <T>(schema: ZodType<T>) => z.object({ answer: schema.nullable() });

/** The search key: one per spelling that TMDB treats alike. */
const searchKey = (query: string, year: number | undefined) =>
  `search:${year ?? ''}:${query.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ')}`;

/**
 * TMDB's v3 API (decision 010): search and a film's details, each answer
 * checked with the shared contract's schema and kept in the database
 * (answer-cache.ts). A stale stored answer is used when TMDB cannot answer.
 */
export class FilmDatabaseClient {
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(
    private readonly config: FilmDatabaseConfig,
    private readonly http: TmdbHttp,
    private readonly cache: AnswerCache,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Films whose title matches `query`, released in `year` when given, most relevant first. */
  async search(query: string, year?: number): Promise<TmdbSearchResult[]> {
    const params = new URLSearchParams({ query, include_adult: 'false', language: 'en-US', page: '1' });
    if (year !== undefined) params.set('year', String(year));
    const want = { refetch: false, staleWhenDown: true };
    const answer = await this.cached(searchKey(query, year), tmdbSearchAnswer, ANSWER_FRESH_MS.search, want, async () => {
      const body = await this.getJson(`/search/movie?${params.toString()}`);
      return body === null ? { results: [] } : tmdbSearchAnswer.parse(body);
    });
    return answer?.results ?? [];
  }

  /**
   * A film's details with credits, external ids, videos and the watch
   * region's offers (other regions are not kept); null when TMDB has no such
   * film. `refetch` asks TMDB even when the stored answer is fresh; `fresh`
   * refuses a stale stored answer while TMDB cannot answer (the weekly
   * refresh, which must not take last week's answer for a new one).
   */
  movie(tmdbId: number, options: { refetch?: boolean; fresh?: boolean } = {}): Promise<TmdbMovieAnswer | null> {
    const want = { refetch: options.refetch ?? false, staleWhenDown: !(options.fresh ?? false) };
    return this.cached(`movie:${tmdbId}`, tmdbMovieAnswer, ANSWER_FRESH_MS.movie, want, async () => {
      const params = new URLSearchParams({ language: 'en-US', append_to_response: 'credits,external_ids,videos,watch/providers' });
      const body = await this.getJson(`/movie/${tmdbId}?${params.toString()}`);
      if (body === null) return null;
      const movie = tmdbMovieAnswer.parse(body);
      const region = movie['watch/providers']?.results[this.config.watchRegion];
      return { ...movie, 'watch/providers': { results: region ? { [this.config.watchRegion]: region } : {} } };
    });
  }

  /**
   * An image file from under TMDB_IMAGE_URL, by a path from one of TMDB's
   * answers (IMAGE_PATH); null when TMDB has no such file. Not stored here:
   * the posters module keeps what it makes of it.
   */
  async image(path: string, size: ImageSize): Promise<Buffer | null> {
    if (!IMAGE_PATH.test(path)) return null;
    const fetched = await this.http.get(`${this.config.imageUrl}/${size}${path}`, 'image/*', MAX_IMAGE_BYTES);
    return fetched.found ? fetched.body : null;
  }

  /** JSON from the API, or null on 404; a body that is not JSON makes the database unavailable. */
  private async getJson(pathAndQuery: string): Promise<unknown> {
    const fetched = await this.http.get(`${this.config.apiUrl}${pathAndQuery}`, 'application/json', MAX_ANSWER_BYTES);
    if (!fetched.found) return null;
    try {
      return JSON.parse(fetched.body.toString('utf8'));
    } catch {
      throw new FilmDatabaseUnavailable(60, 'an answer that is not JSON');
    }
  }

  /**
   * The stored answer while fresh (unless `refetch`); else TMDB's (stored), one
   * request per key at a time; else, when TMDB cannot answer, the stale stored
   * one if `staleWhenDown` (a fresh one, asked again by `refetch`, always).
   */
  private async cached<T>(
    key: string,
    schema: ZodType<T>,
    freshMs: number,
    want: { refetch: boolean; staleWhenDown: boolean },
    load: () => Promise<T | null>,
  ): Promise<T | null> {
    const now = this.clock.now();
    const kept = await this.cache.read(key, stored(schema), now);
    if (kept?.fresh && !want.refetch) return kept.body.answer;
    let loading = this.inFlight.get(key);
    if (!loading) {
      loading = (async () => {
        let answer: T | null;
        try {
          answer = await load();
        } catch (error) {
          // A malformed answer counts as the database being unavailable, not as a fault of ours.
          if (error instanceof z.ZodError) {
            this.log.warn({ key, issues: error.issues.slice(0, 3) }, 'the film database answered in an unexpected shape');
            throw new FilmDatabaseUnavailable(60, 'an answer of an unexpected shape');
          }
          throw error;
        }
        await this.cache.write(key, { answer }, this.clock.now(), freshMs);
        return answer;
      })().finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, loading);
    }
    try {
      const answer = await loading;
      return schema.nullable().parse(answer);
    } catch (error) {
      if (error instanceof FilmDatabaseUnavailable && kept && (kept.fresh || want.staleWhenDown)) return kept.body.answer;
      throw error;
    }
  }
}
