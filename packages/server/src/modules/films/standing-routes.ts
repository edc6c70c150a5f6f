import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@filmlist/shared/api/common';
import { standingBody, standingQuery } from '@filmlist/shared/api/standing';
import { messages } from '@filmlist/shared/messages';
import { etagged, publicAnswer } from '../../lib/http-cache.js';
import { notFound } from '../../lib/http-errors.js';
import { presentFacts } from '../film-facts/presenter.js';
import { filmFactsRepository } from '../film-facts/repository.js';
import { rankedIndex } from './ranked-index.js';
import { recommendationOf } from './recommendation.js';
import { filmsRepository } from './repository.js';
import { standingOf } from './standing.js';

/** GET /api/films/standing: one film's place in the ranking and what its score is made of (docs/product.md §Standing). */
export const standingRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = filmsRepository(app.db);
  const facts = filmFactsRepository(app.db);
  const filmMissing = () => notFound(messages.filmNotFound, 'film_not_found');

  app.get(
    '/standing',
    {
      schema: {
        tags: ['films'],
        summary:
          "One film's standing, by film_id or slug: its rank in GET /api/films/allfilms, N, H, R and S, the share of answers that had not heard of it (N/(N+H+R)), its average rating (S/R) and the count of each rating 1-10; a film without answers has answers 0 and null for both halves",
        querystring: standingQuery,
        response: { 200: standingBody, 400: errorBody, 404: errorBody },
      },
      onSend: etagged,
    },
    async (request, reply) => {
      const { film_id: filmId, slug } = request.query;
      const list = await app.filmListCache.get();
      const index = rankedIndex(list);
      let entry = filmId !== undefined ? index.byId(filmId) : undefined;
      if (slug !== undefined) {
        entry = index.bySlug(slug);
        // An edited film answers under its old slug too, as its page and filmdetails do.
        if (!entry) {
          const moved = await repo.findByOldSlug(slug);
          entry = moved ? index.byId(moved.filmId) : undefined;
        }
      }
      if (!entry) throw filmMissing();
      const [standing, filmFacts, recommendation] = await Promise.all([
        standingOf(app.db, list, entry.film, entry.rank),
        facts.findByFilm(entry.film.film_id),
        recommendationOf(app.db, entry.film.film_id),
      ]);
      if (!standing) throw filmMissing();
      publicAnswer(reply, 'live');
      return {
        standing: {
          ...standing,
          directors: entry.film.directors,
          poster_url: entry.film.poster_url,
          ...presentFacts(filmFacts, app.config.filmDatabase),
          recommendation,
        },
      };
    },
  );
};
