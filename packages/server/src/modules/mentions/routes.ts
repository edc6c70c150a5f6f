import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkMentionedAnswer, mentionAnswer, mentionRequest } from '@filmlist/shared/api/votes';
import { serverMessages } from '@filmlist/shared/messages';
import { conflict } from '../../lib/http-errors.js';
import { counterRoute } from '../votes/counter-route.js';
import { membersOnly } from '../auth/guards.js';
import { voteCheckRoute, voteFilterRoute, voteWriteRoute } from '../votes/vote-routes.js';
import { castVote } from '../votes/vote-transaction.js';
import { presentMention } from './presenter.js';
import { mentionsRepository } from './repository.js';

/** "Have you heard of this film before?": the answer, the check, the filters and two ranking counts. */
export const mentionRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = mentionsRepository(app.db);

  await app.register(
    counterRoute({
      path: '/not-heard-before-count',
      tag: 'mentions',
      summary: 'N: answers "not heard before" for one film',
      counter: 'notHeardCount',
      field: 'count',
    }),
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

  // The caller's own votes: members only.
  await app.register(
    membersOnly(async (member) => {
      await member.register(
        voteCheckRoute({
          path: '/checkmentioned',
          tag: 'mentions',
          summary: "The caller's own answer for one film",
          answer: checkMentionedAnswer,
          find: (userId, filmId) => repo.find(userId, filmId),
          present: (row) => ({ hasMentioned: row !== null, mentioned: row?.mentioned ?? null }),
        }),
      );

      await member.register(
        voteFilterRoute({
          path: '/not-mentioned',
          tag: 'mentions',
          summary: 'The ranked list without the films the caller has answered',
          votes: (userId) => repo.listForUser(userId),
          keep: (film, answers) => !answers.has(film.film_id),
        }),
      );

      await member.register(
        voteFilterRoute({
          path: '/not-heard-before',
          tag: 'mentions',
          summary: 'The ranked list of the films the caller had not heard of before',
          votes: (userId) => repo.listForUser(userId),
          keep: (film, answers) => answers.get(film.film_id)?.mentioned === false,
        }),
      );

      await member.register(
        voteWriteRoute({
          path: '/mentioned',
          tag: 'mentions',
          summary: 'Answer once, finally: heard of the film before or not',
          body: mentionRequest,
          answer: mentionAnswer,
          status: 201,
          write: (voter, vote, now) => castVote(app, vote.film_id, () => repo.record(voter, vote.film_id, vote.mentioned, now)),
          refused: () => Promise.resolve(conflict(serverMessages.alreadyMentioned, 'already_mentioned')),
          present: (userId, vote) => ({
            message: serverMessages.mentionRecorded,
            mention: presentMention({ userId, filmId: vote.film_id, mentioned: vote.mentioned }),
          }),
        }),
      );
    }),
  );
};
