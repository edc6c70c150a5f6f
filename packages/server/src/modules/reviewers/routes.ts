import { errorBody, filmIdParams, messageBody } from '@filmlist/shared/api/common';
import {
  editFilmAnswer,
  editFilmRequest,
  removeFilmRequest,
  reviewHistoryAnswer,
  reviewHistoryQuery,
} from '@filmlist/shared/api/reviewers';
import { normalizeTitle } from '@filmlist/shared/film-rules';
import { messages, serverMessages } from '@filmlist/shared/messages';
import { uniqueViolationAs } from '../../db/pg-errors.js';
import { transaction } from '../../db/transaction.js';
import { notFound } from '../../lib/http-errors.js';
import { bearerSecurity } from '../../lib/openapi.js';
import { currentActor, reviewersOnly } from '../auth/guards.js';
import { rateLimit } from '../../plugins/rate-limit.js';
import { auditRepository, type Changes } from '../audit/repository.js';
import { refreshInBackground } from '../film-facts/refresh.js';
import { refuseAdultEntry } from '../film-database/entry.js';
import { filmFactsRepository } from '../film-facts/repository.js';
import { filmDetail } from '../films/detail.js';
import type { FilmRow } from '../films/presenter.js';
import { filmsRepository } from '../films/repository.js';
import { filmListed, lockFilmYear, refuseDuplicateFilm, settlePendingSubmissions } from '../submissions/settle.js';

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
 * Reviewers' tools (docs/product.md §Reviewer tools): the history of every
 * reviewer action, editing a film and removing one. Reviewers only: a member
 * gets 403, a visitor 401. Every change writes an audit record in its own
 * transaction.
 */
export const reviewerRoutes = reviewersOnly(async (app) => {
  const films = filmsRepository(app.db);
  const audit = auditRepository(app.db);
  const facts = filmFactsRepository(app.db);

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
    },
    async (request) => audit.history(request.query.before),
  );

  app.put(
    '/:film_id',
    {
      schema: {
        tags: ['reviewers'],
        summary:
          "Edit a film with every add-film rule; a new title or year moves its page, the old address redirects. tmdb_id links the film to its film database entry (null unlinks it, absent keeps it); a linked film's facts and poster are read again just after. note edits its recommendation note (absent keeps it, null or empty drops it) (reviewers only)",
        security: bearerSecurity,
        params: filmIdParams,
        body: editFilmRequest,
        response: { 200: editFilmAnswer, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody },
      },
      preValidation: rateLimit('write'),
    },
    async (request) => {
      const actor = currentActor(request);
      const asked = request.body.tmdb_id;
      await refuseAdultEntry(app, asked);
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
        await lockFilmYear(tx, values.releaseYear);
        const linkedTo = (await facts.findByFilm(before.filmId, tx))?.tmdbId ?? null;
        const tmdbId = asked === undefined ? linkedTo : asked;
        // The entry is checked when the edit links a new one.
        const relinked = tmdbId !== linkedTo ? tmdbId : null;
        await refuseDuplicateFilm(tx, { ...values, tmdbId: relinked }, { listing: true, editing: before.filmId });
        const after = await films.update(tx, before, values, now);
        // A pending submission of the film it now is could never be approved: it is, with this edit.
        const mailed = await settlePendingSubmissions(tx, after, { reviewedBy: actor.userId, now, publicUrl: app.config.publicUrl });
        const changes = changesOf(before, after);
        if (tmdbId !== linkedTo) {
          if (tmdbId === null) await facts.unlink(tx, before.filmId);
          else await facts.link(tx, before.filmId, tmdbId);
          changes.tmdb_id = { from: linkedTo, to: tmdbId };
        }
        // The recommendation note: absent keeps it, a text replaces it, null or "" drops it (docs/product.md §Recommendation note).
        const note = request.body.note === undefined ? before.note : request.body.note || null;
        if (note !== before.note) {
          await films.setNote(tx, before.filmId, note);
          changes.note = { from: before.note, to: note };
        }
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
        return { after, mailed, linked: tmdbId !== null };
      }).catch(uniqueViolationAs(filmListed));
      app.filmListCache.invalidate();
      if (updated.mailed > 0) app.notifyOutbox();
      if (updated.linked) refreshInBackground(app, updated.after.filmId, { refetch: true });
      const film = await filmDetail(app.db, app.config.filmDatabase, updated.after.filmId);
      if (!film) throw filmMissing();
      return { message: serverMessages.filmUpdated, film };
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
      preValidation: rateLimit('write'),
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
      return { message: serverMessages.filmRemoved };
    },
  );
});
