import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, messageBody } from '@filmlist/shared/api/common';
import { memberClickRequest, temporaryIdAnswer, visitorClickRequest } from '@filmlist/shared/api/watch';
import { messages, serverMessages } from '@filmlist/shared/messages';
import { resolveJwtSecret } from '../auth/access-tokens.js';
import { isForeignKeyViolation } from '../../db/pg-errors.js';
import { badRequest, notFound } from '../../lib/http-errors.js';
import { privateAnswer } from '../../lib/http-cache.js';
import { assertSelf, membersOnly } from '../auth/guards.js';
import { rateLimit } from '../../plugins/rate-limit.js';
import { watchRepository, type Clicker } from './repository.js';
import { VisitorIds } from './visitor-ids.js';

const clickAnswers = { 201: messageBody, 400: errorBody, 404: errorBody };

/** Watch-link clicks: visitors under a temporary id, members as themselves (docs/product.md §Watch tracking). */
export const watchRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = watchRepository(app.db);
  const visitorIds = new VisitorIds(resolveJwtSecret(app.config.jwtSecret, app.config.dataDir));

  async function record(filmId: number, clicker: Clicker): Promise<{ message: string }> {
    try {
      await repo.recordClick(filmId, clicker, app.clock.now());
    } catch (error) {
      if (isForeignKeyViolation(error)) throw notFound(messages.filmNotFound, 'film_not_found');
      throw error;
    }
    return { message: serverMessages.watchClickRecorded };
  }

  app.get(
    '/generatetempid',
    {
      schema: {
        tags: ['watch'],
        summary: "A fresh id for a visitor's watch clicks, signed by the server and accepted for 30 days",
        response: { 200: temporaryIdAnswer },
      },
      // A browser needs one id a month; a script fetching one per click is held to a few.
      preValidation: rateLimit('visitorId'),
    },
    // One visitor's own id: no cache may hand it to another.
    async (_request, reply) => {
      privateAnswer(reply);
      return { temporaryUserId: visitorIds.issue(app.clock.now()) };
    },
  );

  app.post(
    '/click',
    {
      schema: {
        tags: ['watch'],
        summary: "Record a visitor's watch click under a temporary id; repeats on one film within a UTC day count once",
        body: visitorClickRequest,
        response: clickAnswers,
      },
      preValidation: rateLimit('watch'),
    },
    async (request, reply) => {
      const { user_id, film_id } = request.body;
      const verdict = visitorIds.check(user_id, app.clock.now());
      if (verdict !== 'ok') {
        throw badRequest(messages.temporaryIdInvalid, `temporary_id_${verdict}`, { user_id: messages.temporaryIdInvalid });
      }
      return reply.code(201).send(await record(film_id, { temporaryUserId: user_id }));
    },
  );

  // Members click as themselves.
  await app.register(
    membersOnly(async (member) => {
      member.post(
        '/authclick',
        {
          schema: {
            tags: ['watch'],
            summary: "Record a member's own watch click; repeats on one film within a UTC day count once",
            security: [{ bearer: [] }],
            body: memberClickRequest,
            response: { ...clickAnswers, 401: errorBody, 403: errorBody },
          },
          preValidation: rateLimit('watch'),
        },
        async (request, reply) => {
          const actor = assertSelf(request, request.body.user_id);
          return reply.code(201).send(await record(request.body.film_id, { userId: actor.userId }));
        },
      );
    }),
  );
};
