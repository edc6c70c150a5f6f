import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@filmlist/shared/api/common';
import { standingBody, standingQuery } from '@filmlist/shared/api/standing';
import { messages } from '@filmlist/shared/messages';
import { notFound } from '../../lib/http-errors.js';
import { rankedIndex } from './ranked-index.js';
import { filmsRepository } from './repository.js';
import { standingOf } from './standing.js';

/** GET /api/films/standing: one film's place in the ranking and what its score is made of (issue 13). */
export const standingRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = filmsRepository(app.db);
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
      const standing = await standingOf(app.db, list, entry.film, entry.rank);
      if (!standing) throw filmMissing();
      void reply.header('cache-control', 'no-cache');
      return { standing };
    },
  );
};
