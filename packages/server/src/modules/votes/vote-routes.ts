import type { FastifyInstance, FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, userFilmQuery, userQuery } from '@filmlist/shared/api/common';
import { filmList, type ListedFilm } from '@filmlist/shared/api/films';
import type { z } from 'zod';
import { bearerSecurity, memberErrors } from '../../lib/openapi.js';
import { assertOwn, assertSelf, currentVoter, sessionFirst, voterSessionEnded } from '../auth/guards.js';
import type { VoteOutcome, VoterSession } from './vote-function.js';
import { reserveWrite } from '../../plugins/rate-limit.js';
import { findFilm } from './vote-transaction.js';

/**
 * The three shapes every vote kind (mentions, ratings) has, written once:
 * a check of the caller's own vote on one film, a filter of the ranked list by
 * the caller's votes, and a write. Each is about the caller's own user_id
 * (docs/product.md §Acting as yourself), registered inside a membersOnly
 * scope (auth/guards.ts).
 *
 * The schemas validate each request before the handler (and document the
 * route); a factory cannot carry their types through Fastify's type provider,
 * so its handler reads the already validated value once more through the same
 * schema to type it.
 */

interface RouteText {
  path: string;
  tag: string;
  summary: string;
}

/** GET {path}?user_id&film_id: the caller's own vote on one film, or an answer saying there is none (404 for an unknown film). */
export function voteCheckRoute<Row, Answer extends z.ZodType>(
  options: RouteText & {
    answer: Answer;
    find(userId: number, filmId: number): Promise<Row | null>;
    present(row: Row | null): z.input<Answer>;
  },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.withTypeProvider<FastifyTypeProviderDefault>().get(
      options.path,
      {
        schema: {
          tags: [options.tag],
          summary: options.summary,
          security: bearerSecurity,
          querystring: userFilmQuery,
          response: { 200: options.answer, ...memberErrors },
        },
      },
      async (request, reply) => {
        const { user_id, film_id } = userFilmQuery.parse(request.query);
        assertSelf(request, user_id);
        const row = await options.find(user_id, film_id);
        if (!row) await findFilm(app, film_id);
        return reply.send(options.present(row));
      },
    );
  };
}

/** GET {path}?user_id: the ranked list, keeping the films `keep` chooses from the caller's own votes. */
export function voteFilterRoute<Vote extends { filmId: number }>(
  options: RouteText & { votes(userId: number): Promise<Vote[]>; keep(film: ListedFilm, votes: ReadonlyMap<number, Vote>): boolean },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      options.path,
      {
        schema: {
          tags: [options.tag],
          summary: options.summary,
          security: bearerSecurity,
          querystring: userQuery,
          response: { 200: filmList, 400: errorBody, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => {
        const actor = assertSelf(request, request.query.user_id);
        const votes = new Map((await options.votes(actor.userId)).map((vote) => [vote.filmId, vote]));
        const list = await app.filmListCache.get();
        return { films: list.films.filter((film) => options.keep(film, votes)) };
      },
    );
  };
}

/**
 * POST {path} {user_id, film_id, ...}: a vote written through its repository,
 * whose one statement also checks the voter's session (`write` answers what
 * it found: ./vote-function.ts); `refused` says why a vote was not recorded (409, 404).
 *
 * The guard verifies the token and leaves the session to that statement
 * (`sessionInStatement`); any refusal before it (the rate limit, validation,
 * another member's user_id) first looks the session up, so a dead session
 * answers 401 as on every other member route (auth/guards.ts, sessionFirst).
 */
export function voteWriteRoute<Body extends z.ZodType<{ user_id: number; film_id: number }>, Answer extends z.ZodType>(
  options: RouteText & {
    body: Body;
    answer: Answer;
    status: 200 | 201;
    write(voter: VoterSession, vote: z.output<Body>, now: Date): Promise<VoteOutcome>;
    refused(app: FastifyInstance, vote: z.output<Body>): Promise<Error>;
    present(userId: number, vote: z.output<Body>): z.input<Answer>;
  },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.withTypeProvider<FastifyTypeProviderDefault>().post(
      options.path,
      {
        schema: {
          tags: [options.tag],
          summary: options.summary,
          security: bearerSecurity,
          body: options.body,
          response: { [options.status]: options.answer, ...memberErrors, 409: errorBody, 429: errorBody },
        },
        config: { sessionInStatement: true },
        // The member's write limit (RATE_LIMITS.write), reserved so that an ended session's hit is given back.
        preValidation: (request) =>
          sessionFirst(request, async () => {
            const voter = currentVoter(request);
            voter.reserved = await reserveWrite(app, voter.userId);
          }),
        // Validation errors come to the handler, so that they too wait for the session check.
        attachValidation: true,
      },
      (request, reply) =>
        sessionFirst(request, async () => {
          if (request.validationError) throw request.validationError;
          const vote = options.body.parse(request.body);
          const voter = assertOwn(currentVoter(request), vote.user_id);
          const outcome = await options.write(voter, vote, app.clock.now());
          if (outcome === 'session-ended') throw await voterSessionEnded(request);
          voter.live = true;
          if (outcome === 'refused') throw await options.refused(app, vote);
          return reply.code(options.status).send(options.present(voter.userId, vote));
        }),
    );
  };
}
