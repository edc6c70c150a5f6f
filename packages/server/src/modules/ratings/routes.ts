import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkRatingAnswer, ratingAnswer, ratingRequest } from '@filmlist/shared/api/votes';
import { serverMessages } from '@filmlist/shared/messages';
import { conflict, notFound } from '../../lib/http-errors.js';
import { counterRoute } from '../votes/counter-route.js';
import { membersOnly } from '../auth/guards.js';
import { voteCheckRoute, voteFilterRoute, voteWriteRoute } from '../votes/vote-routes.js';
import { castVote, findFilm } from '../votes/vote-transaction.js';
import { presentRating } from './presenter.js';
import { ratingsRepository } from './repository.js';

/** Ratings from 1 to 10: rate once, then edit; the check, the filter and two ranking counts. */
export const ratingRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = ratingsRepository(app.db);

  await app.register(
    counterRoute({
      path: '/rating-count',
      tag: 'ratings',
      summary: 'R: number of ratings of one film',
      counter: 'ratingCount',
      field: 'count',
    }),
  );
  await app.register(
    counterRoute({
      path: '/sum-total',
      tag: 'ratings',
      summary: 'S: sum of the ratings of one film',
      counter: 'ratingSum',
      field: 'sum_total',
    }),
  );

  // The caller's own votes: members only.
  await app.register(
    membersOnly(async (member) => {
      await member.register(
        voteCheckRoute({
          path: '/checkrating',
          tag: 'ratings',
          summary: "The caller's own rating of one film",
          answer: checkRatingAnswer,
          find: (userId, filmId) => repo.find(userId, filmId),
          present: (row) => ({ rated: row !== null, userRating: row?.rating ?? null }),
        }),
      );

      await member.register(
        voteFilterRoute({
          path: '/not-rated',
          tag: 'ratings',
          summary: 'The ranked list without the films the caller has rated',
          votes: (userId) => repo.listForUser(userId),
          keep: (film, rated) => !rated.has(film.film_id),
        }),
      );

      const present = (message: string) => (userId: number, vote: { film_id: number; rating: number }) => ({
        message,
        rating: presentRating({ userId, filmId: vote.film_id, rating: vote.rating }),
      });

      await member.register(
        voteWriteRoute({
          path: '/rate',
          tag: 'ratings',
          summary: 'Rate a film for the first time (409 if already rated: use edit)',
          body: ratingRequest,
          answer: ratingAnswer,
          status: 201,
          write: (voter, vote, now) => castVote(app, vote.film_id, () => repo.record(voter, vote.film_id, vote.rating, now)),
          refused: () => Promise.resolve(conflict(serverMessages.alreadyRated, 'already_rated')),
          present: present(serverMessages.ratingRecorded),
        }),
      );

      await member.register(
        voteWriteRoute({
          path: '/edit',
          tag: 'ratings',
          summary: "Change the caller's rating of a film (404 if not rated yet)",
          body: ratingRequest,
          answer: ratingAnswer,
          status: 200,
          write: (voter, vote, now) => castVote(app, vote.film_id, () => repo.edit(voter, vote.film_id, vote.rating, now)),
          // An unknown film is a 404 of its own; a known one not rated yet, "not rated".
          refused: async (_app, vote) => {
            await findFilm(app, vote.film_id);
            return notFound(serverMessages.notRatedYet, 'not_rated');
          },
          present: present(serverMessages.ratingUpdated),
        }),
      );
    }),
  );
};
