import { z } from 'zod';
import { errorBody, filmIdParams } from '@filmlist/shared/api/common';
import { watchlistAnswer, watchlistEntry } from '@filmlist/shared/api/watchlist';
import { messages } from '@filmlist/shared/messages';
import { transaction } from '../../db/transaction.js';
import { conflict, notFound, unauthorized } from '../../lib/http-errors.js';
import { bearerSecurity } from '../../lib/openapi.js';
import { currentActor, membersOnly } from '../auth/guards.js';
import { rateLimit } from '../../plugins/rate-limit.js';
import { presentAddedFilm } from '../films/presenter.js';
import { rankedIndex } from '../films/ranked-index.js';
import { filmsRepository } from '../films/repository.js';
import { watchlistRepository } from './repository.js';

const filmMissing = () => notFound(messages.filmNotFound, 'film_not_found');

/** GET, PUT and DELETE /api/me/watchlist: the signed-in member's films to watch later (docs/product.md §Watchlist). */
export const watchlistRoutes = membersOnly(async (app) => {
  const repo = watchlistRepository(app.db);
  const films = filmsRepository(app.db);

  app.get(
    '/watchlist',
    {
      schema: {
        tags: ['me'],
        summary: "The caller's watchlist, newest first: each film as the ranked list shows it, with its rank and when it was added",
        security: bearerSecurity,
        response: { 200: watchlistAnswer, 401: errorBody },
      },
    },
    async (request) => {
      const [entries, list] = await Promise.all([repo.entries(currentActor(request).userId), app.filmListCache.get()]);
      const index = rankedIndex(list);
      const saved = entries.flatMap(({ filmId, addedAt }) => presentAddedFilm(index, filmId, addedAt) ?? []);
      return { films: saved, ranked_films: list.films.length };
    },
  );

  app.put(
    '/watchlist/:film_id',
    {
      schema: {
        tags: ['me'],
        summary: 'Save a film to watch later: 201 when added, 200 when it was on the watchlist already (409 once it holds 5,000 films)',
        security: bearerSecurity,
        params: filmIdParams,
        response: { 200: watchlistEntry, 201: watchlistEntry, 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody },
      },
      preValidation: rateLimit('write'),
    },
    async (request, reply) => {
      const actor = currentActor(request);
      const filmId = request.params.film_id;
      const added = await transaction(app.db, (tx) => repo.add(tx, actor.userId, filmId, app.clock.now()));
      switch (added.outcome) {
        case 'no_member':
          // The account was deleted while its token was still good.
          throw unauthorized();
        case 'no_film':
          throw filmMissing();
        case 'full':
          throw conflict(messages.watchlistFull, 'watchlist_full');
        default:
          return reply.code(added.outcome === 'added' ? 201 : 200).send({ film_id: filmId, added_at: added.addedAt.toISOString() });
      }
    },
  );

  app.delete(
    '/watchlist/:film_id',
    {
      schema: {
        tags: ['me'],
        summary: 'Take a film off the watchlist: 204 whether or not it was on it; 404 for a film that does not exist',
        security: bearerSecurity,
        params: filmIdParams,
        response: { 204: z.null().describe('Not on the watchlist (any more)'), 400: errorBody, 401: errorBody, 404: errorBody },
      },
      preValidation: rateLimit('write'),
    },
    async (request, reply) => {
      const filmId = request.params.film_id;
      const removed = await repo.remove(currentActor(request).userId, filmId);
      if (!removed && !(await films.findById(filmId))) throw filmMissing();
      return reply.code(204).send(null);
    },
  );
});
