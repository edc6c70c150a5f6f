import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, messageBody } from '@filmlist/shared/api/common';
import { addFilmAnswer } from '@filmlist/shared/api/films';
import { editFilmRequest, filmIdParams, removeFilmRequest, reviewHistoryAnswer, reviewHistoryQuery } from '@filmlist/shared/api/reviewers';
import { normalizeTitle } from '@filmlist/shared/film-rules';
import { messages } from '@filmlist/shared/messages';
import { uniqueViolationAs } from '../../db/pg-errors.js';
import { transaction } from '../../db/transaction.js';
import { conflict, notFound } from '../../lib/http-errors.js';
import { bearerSecurity } from '../../lib/openapi.js';
import { currentActor, requireReviewer } from '../../plugins/authenticate.js';
import { rateLimit } from '../../plugins/rate-limit.js';
import { auditRepository, type Changes } from '../audit/repository.js';
import { presentFilm, type FilmRow } from '../films/presenter.js';
import { filmsRepository } from '../films/repository.js';

const filmListed = () => conflict(messages.filmAlreadyListed, 'film_already_listed');
const filmMissing = () => notFound(messages.filmNotFound, 'film_not_found');

/** The fields an edit changed, each from and to, for the record. */
function changesOf(before: FilmRow, after: FilmRow): Changes {
  const fields = {
    title: ['title', 'title'],
    release_year: ['releaseYear', 'releaseYear'],
    description: ['description', 'description'],
    watch_link: ['watchLink', 'watchLink'],
  } as const;
  const changes: Changes = {};
  for (const [name, [key]] of Object.entries(fields)) {
    if (before[key] !== after[key]) changes[name] = { from: before[key], to: after[key] };
  }
  return changes;
}

/**
 * Reviewers' tools beyond the spec (PRODUCT.md §11): the history of every
 * reviewer action, editing a film and removing one. Reviewers only: a member
 * gets 403, a visitor 401. Every change writes an audit record in its own
 * transaction.
 */
export const reviewerRoutes: FastifyPluginAsyncZod = async (app) => {
  const films = filmsRepository(app.db);
  const audit = auditRepository(app.db);

  app.get(
    '/review-history',
    {
      schema: {
        tags: ['reviewers'],
        summary: 'Every reviewer action, newest first: who, when, add, reject, edit or remove, and why (reviewers only)',
        security: bearerSecurity,
        querystring: reviewHistoryQuery,
        response: { 200: reviewHistoryAnswer, 400: errorBody, 401: errorBody, 403: errorBody },
      },
      preValidation: requireReviewer,
    },
    async (request) => audit.history(request.query.before),
  );

  app.put(
    '/:film_id',
    {
      schema: {
        tags: ['reviewers'],
        summary: 'Edit a film with every add-film rule; a new title or year moves its page, the old address redirects (reviewers only)',
        security: bearerSecurity,
        params: filmIdParams,
        body: editFilmRequest,
        response: { 200: addFilmAnswer, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody },
      },
      preValidation: [requireReviewer, rateLimit('write')],
    },
    async (request) => {
      const actor = currentActor(request);
      const values = {
        title: normalizeTitle(request.body.title),
        releaseYear: Number(request.body.release_year.trim()),
        description: request.body.description.trim(),
        watchLink: request.body.watchLink || null,
      };
      const now = app.clock.now();
      const updated = await transaction(app.db, async (tx) => {
        const before = await films.lockById(tx, request.params.film_id);
        if (!before) throw filmMissing();
        const same = await films.findByTitleAndYear(values.title, values.releaseYear, tx);
        if (same && same.filmId !== before.filmId) throw filmListed();
        const after = await films.update(tx, before, values, now);
        const changes = changesOf(before, after);
        if (Object.keys(changes).length > 0) {
          await audit.record(
            tx,
            actor,
            {
              action: 'edit',
              filmId: after.filmId,
              title: after.title,
              releaseYear: after.releaseYear,
              reason: request.body.reason ?? null,
              changes,
            },
            now,
          );
        }
        return after;
      }).catch(uniqueViolationAs(filmListed));
      app.filmListCache.invalidate();
      return { message: messages.filmUpdated, film: presentFilm(updated) };
    },
  );

  app.delete(
    '/:film_id',
    {
      schema: {
        tags: ['reviewers'],
        summary: 'Remove a film with its answers, ratings and clicks; the ranking stays exact (reviewers only)',
        security: bearerSecurity,
        params: filmIdParams,
        body: removeFilmRequest,
        response: { 200: messageBody, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
      preValidation: [requireReviewer, rateLimit('write')],
    },
    async (request) => {
      const actor = currentActor(request);
      const now = app.clock.now();
      await transaction(app.db, async (tx) => {
        // The film first, then its vote rows go by cascade: the lock order of every vote write
        // (modules/votes/lock-order.ts). Other films' counters are untouched: a vote counts on its film only.
        const film = await films.lockById(tx, request.params.film_id);
        if (!film) throw filmMissing();
        await audit.record(
          tx,
          actor,
          { action: 'remove', filmId: film.filmId, title: film.title, releaseYear: film.releaseYear, reason: request.body?.reason ?? null },
          now,
        );
        await films.remove(tx, film.filmId);
      });
      app.filmListCache.invalidate();
      return { message: messages.filmRemoved };
    },
  );
};
