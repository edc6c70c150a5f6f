import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@filmlist/shared/api/common';
import { myVotes, type MyVotes } from '@filmlist/shared/api/votes';
import { unauthorized } from '../../lib/http-errors.js';
import { bearerSecurity } from '../../lib/openapi.js';
import { requireMember } from '../../plugins/authenticate.js';
import { mentionsRepository } from '../mentions/repository.js';
import { ratingsRepository } from '../ratings/repository.js';

/** The signed-in member's own data. */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const mentions = mentionsRepository(app.db);
  const ratings = ratingsRepository(app.db);

  app.get(
    '/votes',
    {
      schema: {
        tags: ['me'],
        summary: "All of the caller's answers and ratings, keyed by film id (one call instead of one per film)",
        security: bearerSecurity,
        response: { 200: myVotes, 401: errorBody },
      },
      preValidation: requireMember,
    },
    async (request) => {
      const actor = request.actor;
      if (!actor) throw unauthorized();
      const [answers, rated] = await Promise.all([mentions.listForUser(actor.userId), ratings.listForUser(actor.userId)]);
      const votes: MyVotes = { mentions: {}, ratings: {} };
      for (const m of answers) votes.mentions[String(m.filmId)] = m.mentioned;
      for (const r of rated) votes.ratings[String(r.filmId)] = r.rating;
      return votes;
    },
  );
};
