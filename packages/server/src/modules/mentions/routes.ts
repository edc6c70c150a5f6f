import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, userFilmQuery, userQuery } from '@filmlist/shared/api/common';
import { filmList } from '@filmlist/shared/api/films';
import { checkMentionedAnswer, mentionAnswer, mentionRequest } from '@filmlist/shared/api/votes';
import { messages } from '@filmlist/shared/messages';
import { bearerSecurity, memberErrors } from '../../lib/openapi.js';
import { conflict } from '../../lib/http-errors.js';
import { assertSelf, requireMember } from '../../plugins/authenticate.js';
import { rateLimit } from '../../plugins/rate-limit.js';
import { presentMention } from './presenter.js';
import { mentionsRepository } from './repository.js';
import { counterRoute } from '../votes/counter-route.js';
import { castVote, findFilm, rankedFilmsExcept } from '../votes/vote-transaction.js';


/** "Have you heard of this film before?": the answer, the checks, the filters and two ranking counts. */
export const mentionRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = mentionsRepository(app.db);

  await app.register(
    counterRoute({ path: '/not-heard-before-count', tag: 'mentions', summary: 'N: answers "not heard before" for one film', counter: 'notHeardCount', field: 'count' }),
  );
  await app.register(
    counterRoute({
      path: '/heard-not-rated-count',
      tag: 'mentions',
      summary: 'H: answers "heard before" by members who have not rated the film',
      counter: 'heardNotRatedCount',
      field: 'count',
    }),
  );

  app.get(
    '/checkmentioned',
    {
      schema: {
        tags: ['mentions'],
        summary: "The caller's own answer for one film",
        security: bearerSecurity,
        querystring: userFilmQuery,
        response: { 200: checkMentionedAnswer, ...memberErrors },
      },
      preValidation: requireMember,
    },
    async (request) => {
      const { user_id, film_id } = request.query;
      assertSelf(request, user_id);
      const row = await repo.find(user_id, film_id);
      if (!row) await findFilm(app, film_id);
      return { hasMentioned: row !== null, mentioned: row?.mentioned ?? null };
    },
  );

  app.get(
    '/not-mentioned',
    {
      schema: {
        tags: ['mentions'],
        summary: 'The ranked list without the films the caller has answered',
        security: bearerSecurity,
        querystring: userQuery,
        response: { 200: filmList, 400: errorBody, 401: errorBody, 403: errorBody },
      },
      preValidation: requireMember,
    },
    async (request) => {
      const actor = assertSelf(request, request.query.user_id);
      const answered = await repo.listForUser(actor.userId);
      return rankedFilmsExcept(app, new Set(answered.map((m) => m.filmId)));
    },
  );

  app.get(
    '/not-heard-before',
    {
      schema: {
        tags: ['mentions'],
        summary: 'The ranked list of the films the caller had not heard of before',
        security: bearerSecurity,
        querystring: userQuery,
        response: { 200: filmList, 400: errorBody, 401: errorBody, 403: errorBody },
      },
      preValidation: requireMember,
    },
    async (request) => {
      const actor = assertSelf(request, request.query.user_id);
      const notHeard = new Set((await repo.listForUser(actor.userId)).filter((m) => !m.mentioned).map((m) => m.filmId));
      const list = await app.filmListCache.get();
      return { films: list.films.filter((film) => notHeard.has(film.film_id)) };
    },
  );

  app.post(
    '/mentioned',
    {
      schema: {
        tags: ['mentions'],
        summary: 'Answer once, finally: heard of the film before or not',
        security: bearerSecurity,
        body: mentionRequest,
        response: { 201: mentionAnswer, ...memberErrors, 409: errorBody },
      },
      preValidation: [requireMember, rateLimit('write')],
    },
    async (request, reply) => {
      const { user_id, film_id, mentioned } = request.body;
      const actor = assertSelf(request, user_id);
      const now = app.clock.now();
      // The answer and its counter in one statement (migration 0001_vote_functions).
      const recorded = await castVote(app, sql`record_mention(${actor.userId}, ${film_id}, ${mentioned}, ${now})`);
      if (!recorded) throw conflict(messages.alreadyMentioned, 'already_mentioned');
      const mention = { userId: actor.userId, filmId: film_id, mentioned, createdAt: now };
      return reply.code(201).send({ message: messages.mentionRecorded, mention: presentMention(mention) });
    },
  );
};
