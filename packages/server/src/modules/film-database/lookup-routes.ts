import { errorBody } from '@filmlist/shared/api/common';
import { lookupAnswer, lookupQuery, type LookupAnswer, type LookupCandidate } from '@filmlist/shared/api/lookup';
import { cleanExternalText } from '@filmlist/shared/text-rules';
import type { TmdbMovieAnswer, TmdbSearchResult } from '@filmlist/shared/tmdb-answers';
import { privateAnswer } from '../../lib/http-cache.js';
import { bearerSecurity } from '../../lib/openapi.js';
import { rateLimit } from '../../plugins/rate-limit.js';
import { membersOnly } from '../auth/guards.js';
import { extractFacts } from '../film-facts/extract.js';
import { filmFactsRepository } from '../film-facts/repository.js';
import { rankedIndex } from '../films/ranked-index.js';
import { tmdbPosterUrl } from '../posters/address.js';
import { submissionsRepository } from '../submissions/repository.js';
import { LOOKUP_DEADLINE_MS, within, yearOf } from './deadline.js';

/** Candidates answered, most relevant first. */
export const LOOKUP_RESULTS = 8;
/** The first candidates whose details (directors) are read; the rest show without. */
export const LOOKUP_DETAILS = 3;
/** Details that take longer than this after the search leave their candidate without directors. */
const DETAILS_WAIT_MS = 800;

const TITLE_MAX = 300;
const OVERVIEW_MAX = 1000;
const UNAVAILABLE: LookupAnswer = { available: false, results: [] };

/**
 * GET /api/films/lookup (docs/product.md §Film database): the film database's films matching what
 * a member types, for the add-film forms' type-ahead. Members only, rate-limited. Always 200: with
 * the film database off, or down, slow, refusing or answering nonsense, `available: false` and no
 * results, and the form goes on by hand. The server fetches nothing the member names: the query is
 * a search parameter of TMDB's API, and poster addresses are only of paths TMDB answered.
 */
export const lookupRoutes = membersOnly(async (app) => {
  const facts = filmFactsRepository(app.db);
  const submissions = submissionsRepository(app.db);

  app.get(
    '/lookup',
    {
      schema: {
        tags: ['films'],
        summary:
          'Look a film up in the film database (TMDB) by title and, optionally, year: candidates with the canonical title, year, director(s) for the first three, a poster on our origin, the synopsis, and the film on the list or a pending submission with the same entry. 200 with available false and no results when the film database is off or unavailable (the form goes on by hand); 400 on a missing or too long query or a malformed year; 429 past 60 lookups a minute (members only)',
        security: bearerSecurity,
        querystring: lookupQuery,
        response: { 200: lookupAnswer, 400: errorBody, 401: errorBody },
      },
      preValidation: rateLimit('lookup'),
    },
    async (request, reply) => {
      privateAnswer(reply);
      const { client, posters } = app.filmDatabase;
      if (!client) return UNAVAILABLE;
      const started = Date.now();
      let found: TmdbSearchResult[];
      try {
        // Entries TMDB marks adult are never candidates (docs/product.md §Film database).
        const searched = await within(client.search(request.query.query, request.query.year), LOOKUP_DEADLINE_MS);
        found = searched.filter((result) => result.adult !== true).slice(0, LOOKUP_RESULTS);
      } catch (error) {
        // Unavailable, late or malformed: the film database's trouble, never the member's request.
        request.log.info({ reason: error instanceof Error ? error.message : String(error) }, 'film database lookup unavailable');
        return UNAVAILABLE;
      }
      const detailsWait = Math.min(DETAILS_WAIT_MS, LOOKUP_DEADLINE_MS - (Date.now() - started));
      const details = await Promise.allSettled(
        found.slice(0, LOOKUP_DETAILS).map((result) => within<TmdbMovieAnswer | null>(client.movie(result.id), detailsWait)),
      );
      const directors = new Map<number, string[]>();
      for (const settled of details) {
        if (settled.status === 'fulfilled' && settled.value) {
          directors.set(settled.value.id, extractFacts(settled.value, app.filmDatabase.config.watchRegion).directors);
        }
      }
      const ids = found.map((result) => result.id);
      const [linked, pending, list] = await Promise.all([facts.listLinked(ids), submissions.pendingTmdbIds(ids), app.filmListCache.get()]);
      // Only paths from TMDB's answer become poster addresses (posters.remember refuses anything else).
      const posterKeys = await posters.remember(found.map((result) => result.poster_path));
      const index = rankedIndex(list);
      const results = found.flatMap((result): LookupCandidate[] => {
        const title = cleanExternalText(result.title, TITLE_MAX);
        if (!title) return [];
        const film = linked.find((row) => row.tmdbId === result.id);
        const listedFilm = film ? index.byId(film.filmId)?.film : undefined;
        const overview = result.overview ? cleanExternalText(result.overview, OVERVIEW_MAX) : '';
        const path = result.poster_path;
        return [
          {
            tmdb_id: result.id,
            title,
            release_year: yearOf(result.release_date),
            poster_url: path && posterKeys.has(path) ? tmdbPosterUrl(path) : null,
            directors: directors.get(result.id) ?? [],
            overview: overview || null,
            listed: listedFilm ? { film_id: listedFilm.film_id, slug: listedFilm.slug, title: listedFilm.title } : null,
            pending: pending.has(result.id),
          },
        ];
      });
      return { available: true, results };
    },
  );
});
