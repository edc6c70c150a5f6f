import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, userFilmQuery, userQuery } from '@filmlist/shared/api/common';
import { filmList } from '@filmlist/shared/api/films';
import { checkRatingAnswer, ratingAnswer, ratingRequest } from '@filmlist/shared/api/votes';
import { messages } from '@filmlist/shared/messages';
import { bearerSecurity, memberErrors } from '../../lib/openapi.js';
import { conflict, notFound } from '../../lib/http-errors.js';
import { assertSelf, requireMember } from '../../plugins/authenticate.js';
import { rateLimit } from '../../plugins/rate-limit.js';
import { counterRoute } from '../votes/counter-route.js';
import { addToRatingSum, castVote, findFilm, rankedFilmsExcept, runVote } from '../votes/vote-transaction.js';
import { presentRating } from './presenter.js';
import { ratingsRepository } from './repository.js';


/** Ratings from 1 to 10: rate once, then edit; the checks, the filter and two ranking counts. */
export const ratingRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = ratingsRepository(app.db);

  await app.register(
    counterRoute({ path: '/rating-count', tag: 'ratings', summary: 'R: number of ratings of one film', counter: 'ratingCount', field: 'count' }),
  );
  await app.register(
    counterRoute({ path: '/sum-total', tag: 'ratings', summary: 'S: sum of the ratings of one film', counter: 'ratingSum', field: 'sum_total' }),
  );

  app.get(
    '/checkrating',
    {
      schema: {
        tags: ['ratings'],
        summary: "The caller's own rating of one film",
        security: bearerSecurity,
        querystring: userFilmQuery,
        response: { 200: checkRatingAnswer, ...memberErrors },
      },
      preValidation: requireMember,
    },
    async (request) => {
      const { user_id, film_id } = request.query;
      assertSelf(request, user_id);
      const row = await repo.find(user_id, film_id);
      if (!row) await findFilm(app, film_id);
      return { rated: row !== null, userRating: row?.rating ?? null };
    },
  );

  app.get(
    '/not-rated',
    {
      schema: {
        tags: ['ratings'],
        summary: 'The ranked list without the films the caller has rated',
        security: bearerSecurity,
        querystring: userQuery,
        response: { 200: filmList, 400: errorBody, 401: errorBody, 403: errorBody },
      },
      preValidation: requireMember,
    },
    async (request) => {
      const actor = assertSelf(request, request.query.user_id);
      const rated = await repo.listForUser(actor.userId);
      return rankedFilmsExcept(app, new Set(rated.map((r) => r.filmId)));
    },
  );

  app.post(
    '/rate',
    {
      schema: {
        tags: ['ratings'],
        summary: 'Rate a film for the first time (409 if already rated: use edit)',
        security: bearerSecurity,
        body: ratingRequest,
        response: { 201: ratingAnswer, ...memberErrors, 409: errorBody },
      },
      preValidation: [requireMember, rateLimit('write')],
    },
    async (request, reply) => {
      const { user_id, film_id, rating } = request.body;
      const actor = assertSelf(request, user_id);
      const now = app.clock.now();
      // The rating and its counters in one statement (migration 0001_vote_functions).
      const recorded = await castVote(app, sql`record_rating(${actor.userId}, ${film_id}, ${rating}::smallint, ${now})`);
      if (!recorded) throw conflict(messages.alreadyRated, 'already_rated');
      const row = { userId: actor.userId, filmId: film_id, rating, createdAt: now, updatedAt: now };
      return reply.code(201).send({ message: messages.ratingRecorded, rating: presentRating(row) });
    },
  );

  app.post(
    '/edit',
    {
      schema: {
        tags: ['ratings'],
        summary: "Change the caller's rating of a film (404 if not rated yet)",
        security: bearerSecurity,
        body: ratingRequest,
        response: { 200: ratingAnswer, ...memberErrors },
      },
      preValidation: [requireMember, rateLimit('write')],
    },
    async (request) => {
      const { user_id, film_id, rating } = request.body;
      const actor = assertSelf(request, user_id);
      const now = app.clock.now();
      const row = await runVote(app, async (tx) => {
        const before = await repo.findForUpdate(tx, actor.userId, film_id);
        if (!before) await findFilm(app, film_id, tx);
        if (!before) throw notFound(messages.notRatedYet, 'not_rated');
        if (before.rating === rating) return before;
        const updated = await repo.update(tx, actor.userId, film_id, rating, now);
        if (!updated) throw notFound(messages.notRatedYet, 'not_rated');
        await addToRatingSum(tx, film_id, rating - before.rating);
        return updated;
      });
      return { message: messages.ratingUpdated, rating: presentRating(row) };
    },
  );
};
