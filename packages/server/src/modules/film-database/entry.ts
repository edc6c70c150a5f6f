import type { FastifyInstance } from 'fastify';
import { errorBody } from '@filmlist/shared/api/common';
import { entryAnswer, entryQuery, type EntryAnswer } from '@filmlist/shared/api/lookup';
import { messages } from '@filmlist/shared/messages';
import { cleanExternalText } from '@filmlist/shared/text-rules';
import type { TmdbMovieAnswer } from '@filmlist/shared/tmdb-answers';
import { privateAnswer } from '../../lib/http-cache.js';
import { badRequest } from '../../lib/http-errors.js';
import { bearerSecurity } from '../../lib/openapi.js';
import { rateLimit } from '../../plugins/rate-limit.js';
import { reviewersOnly } from '../auth/guards.js';
import { extractFacts } from '../film-facts/extract.js';
import { filmFactsRepository } from '../film-facts/repository.js';
import { rankedIndex } from '../films/ranked-index.js';
import { tmdbPosterUrl } from '../posters/address.js';
import { Late, LOOKUP_DEADLINE_MS, within, yearOf } from './deadline.js';
import { FilmDatabaseUnavailable } from './tmdb-http.js';

const TITLE_MAX = 300;
const UNAVAILABLE: EntryAnswer = { available: false, entry: null };

/**
 * An entry's details within LOOKUP_DEADLINE_MS: null when the film database has no such entry,
 * 'unavailable' when it is off, down, slow or refusing.
 */
async function readEntry(app: FastifyInstance, tmdbId: number): Promise<TmdbMovieAnswer | null | 'unavailable'> {
  const { client } = app.filmDatabase;
  if (!client) return 'unavailable';
  try {
    return await within(client.movie(tmdbId), LOOKUP_DEADLINE_MS);
  } catch (error) {
    if (error instanceof FilmDatabaseUnavailable || error instanceof Late) {
      app.log.info({ tmdbId, reason: error.message }, 'film database entry unavailable');
      return 'unavailable';
    }
    throw error;
  }
}

/**
 * Refuses, with 400, a link to an entry the film database marks adult
 * (docs/product.md §Film database). With the film database off or unavailable the link stands
 * unchecked: the reviewer sees the entry before adding it (GET /api/films/entry).
 */
export async function refuseAdultEntry(app: FastifyInstance, tmdbId: number | null | undefined): Promise<void> {
  if (tmdbId === null || tmdbId === undefined) return;
  const movie = await readEntry(app, tmdbId);
  if (movie !== null && movie !== 'unavailable' && movie.adult === true) {
    throw badRequest(messages.filmDatabaseEntryAdult, 'adult_entry', { tmdb_id: messages.filmDatabaseEntryAdult });
  }
}

/**
 * GET /api/films/entry?tmdb_id=… (docs/product.md §Film database): one entry as the film database
 * has it, for the reviewer to check a member's link against the submitted title (its own title,
 * year, poster and directors), with its offers in WATCH_REGION for the watch link. Reviewers
 * only; always 200: `available: false` when the film database is off or cannot answer.
 */
export const entryRoutes = reviewersOnly(async (app) => {
  const facts = filmFactsRepository(app.db);

  app.get(
    '/entry',
    {
      schema: {
        tags: ['reviewers'],
        summary:
          'One film database entry as the database has it: its title, year, poster on our origin, directors, whether it is marked adult, the listed film linked to it, and its offers in WATCH_REGION (data by JustWatch). 200 with available false when the film database is off or unavailable, entry null when it has no such entry (reviewers only)',
        security: bearerSecurity,
        querystring: entryQuery,
        response: { 200: entryAnswer, 400: errorBody, 401: errorBody, 403: errorBody },
      },
      preValidation: rateLimit('lookup'),
    },
    async (request, reply): Promise<EntryAnswer> => {
      privateAnswer(reply);
      const tmdbId = request.query.tmdb_id;
      const movie = await readEntry(app, tmdbId);
      if (movie === 'unavailable') return UNAVAILABLE;
      if (movie === null) return { available: true, entry: null };
      const { config, posters } = app.filmDatabase;
      const extracted = extractFacts(movie, config.watchRegion);
      // Only a path from TMDB's answer becomes a poster address (posters.remember refuses anything else).
      const posterKeys = await posters.remember([movie.poster_path]);
      const path = movie.poster_path;
      const linked = await facts.findByTmdbId(tmdbId);
      const listed = linked ? rankedIndex(await app.filmListCache.get()).byId(linked.filmId)?.film : undefined;
      const known = extracted.watchLink !== null || extracted.watchOffers.length > 0;
      return {
        available: true,
        entry: {
          tmdb_id: tmdbId,
          title: cleanExternalText(movie.title, TITLE_MAX),
          release_year: yearOf(movie.release_date),
          poster_url: path && posterKeys.has(path) ? tmdbPosterUrl(path) : null,
          directors: extracted.directors,
          adult: movie.adult === true,
          listed: listed ? { film_id: listed.film_id, slug: listed.slug, title: listed.title } : null,
          where_to_watch: known
            ? { region: config.watchRegion, region_name: config.watchRegionName, link: extracted.watchLink, offers: extracted.watchOffers }
            : null,
        },
      };
    },
  );
});
