import { errorBody, messageBody } from '@filmlist/shared/api/common';
import {
  addFilmAnswer,
  addFilmRequest,
  rejectFilmRequest,
  reviewFilmRequest,
  submissionAnswer,
  submissionList,
} from '@filmlist/shared/api/films';
import { MAX_PENDING_SUBMISSIONS } from '@filmlist/shared/constants';
import { normalizeTitle } from '@filmlist/shared/film-rules';
import { messages, serverMessages } from '@filmlist/shared/messages';
import type { Database } from '../../db/connection.js';
import { uniqueViolationAs } from '../../db/pg-errors.js';
import { transaction } from '../../db/transaction.js';
import { conflict, notFound } from '../../lib/http-errors.js';
import { enqueueMail } from '../../mail/outbox.js';
import { mayMailReviewers } from '../../mail/quota.js';
import { filmRejectedMail, reviewRequestMail } from '../../mail/templates.js';
import { currentActor, membersOnly, reviewersOnly, sessionEnded } from '../auth/guards.js';
import { rateLimit } from '../../plugins/rate-limit.js';
import { auditRepository } from '../audit/repository.js';
import { refreshInBackground } from '../film-facts/refresh.js';
import { refuseAdultEntry } from '../film-database/entry.js';
import { filmFactsRepository } from '../film-facts/repository.js';
import { presentFilm } from '../films/presenter.js';
import { filmsRepository } from '../films/repository.js';
import { usersRepository } from '../users/repository.js';
import { reviewerFormLink, reviewQueueLink } from './links.js';
import { presentSubmission } from './presenter.js';
import { submissionsRepository } from './repository.js';
import { filmListed, filmPending, lockFilmYear, refuseDuplicateFilm, settlePendingSubmissions } from './settle.js';
import { bearerSecurity } from '../../lib/openapi.js';

function repositories(db: Database) {
  return {
    submissions: submissionsRepository(db),
    films: filmsRepository(db),
    facts: filmFactsRepository(db),
    users: usersRepository(db),
    audit: auditRepository(db),
  };
}

/** Members submit films for review (docs/product.md §Submitting). */
export const submissionRoutes = membersOnly(async (app) => {
  const { submissions, users } = repositories(app.db);
  const { publicUrl } = app.config;

  app.post(
    '/reviewfilm',
    {
      schema: {
        tags: ['submissions'],
        summary:
          'Submit a film for review, optionally linked to its film database entry (tmdb_id from GET /api/films/lookup), with an optional "Why is it undervalued?" note (at most 280 characters) shown with your username (note_named true, the default) or as by "a member"; every reviewer is emailed. 409 when the film, or its entry, is already listed or pending',
        security: bearerSecurity,
        body: reviewFilmRequest,
        response: { 201: submissionAnswer, 400: errorBody, 401: errorBody, 409: errorBody },
      },
      preValidation: [rateLimit('write'), rateLimit('submit')],
    },
    async (request, reply) => {
      const actor = currentActor(request);
      const title = normalizeTitle(request.body.title);
      const releaseYear = Number(request.body.release_year.trim());
      const description = request.body.description.trim();
      const tmdbId = request.body.tmdb_id ?? null;
      // An empty note is no note (docs/product.md §Recommendation note).
      const note = request.body.note || null;
      const noteNamed = request.body.note_named;
      await refuseAdultEntry(app, tmdbId);
      const now = app.clock.now();
      const notify = await mayMailReviewers(app, actor.userId);
      const row = await transaction(app.db, async (tx) => {
        // The member's row is the lock that makes the pending count exact under concurrency.
        if (!(await users.lockById(tx, actor.userId))) throw sessionEnded();
        await lockFilmYear(tx, releaseYear);
        await refuseDuplicateFilm(tx, { title, releaseYear, tmdbId }, { listing: false });
        if ((await submissions.countPendingByUser(actor.userId, tx)) >= MAX_PENDING_SUBMISSIONS) {
          throw conflict(serverMessages.tooManyPending, 'too_many_pending');
        }
        const inserted = await submissions.insert(
          tx,
          { title, releaseYear, description, userId: actor.userId, tmdbId, note, noteNamed },
          now,
        );
        const formLink = reviewerFormLink(publicUrl, { title, releaseYear, description, userId: actor.userId });
        const summary = { title, releaseYear, description, submitter: actor.username };
        // Past a few an hour from one member, the queue alone shows the rest (mail/quota.ts).
        const reviewers = notify ? await submissions.reviewerContacts(app.config, tx) : [];
        await enqueueMail(
          tx,
          reviewers.map((r) => reviewRequestMail(r.email, summary, formLink, reviewQueueLink(publicUrl))),
          now,
        );
        return inserted;
      })
        // Another member submitted the same film at the same moment.
        .catch(uniqueViolationAs(filmPending));
      app.notifyOutbox();
      return reply.code(201).send({ message: messages.reviewSubmitted, film: presentSubmission(row, actor.username) });
    },
  );
});

/** Reviewers see the queue and add or reject what it holds (docs/product.md §Review decisions). */
export const decisionRoutes = reviewersOnly(async (app) => {
  const { submissions, films, facts, users, audit } = repositories(app.db);
  const { publicUrl } = app.config;

  app.get(
    '/submissions',
    {
      schema: {
        tags: ['submissions'],
        summary: 'The review queue: pending submissions, oldest first (reviewers only)',
        security: bearerSecurity,
        response: { 200: submissionList, 401: errorBody, 403: errorBody },
      },
    },
    async () => {
      const rows = await submissions.listPending();
      return { submissions: rows.map((row) => presentSubmission(row, row.username)) };
    },
  );

  app.post(
    '/addfilm',
    {
      schema: {
        tags: ['submissions'],
        summary:
          "Add a film to the list, approving the submitter's pending submission if there is one. tmdb_id links it to its film database entry (absent: the submission's; null: none); its facts and poster are read just after. note is the film's recommendation note (absent: the submission's; a text: edited; null or empty: dropped)",
        security: bearerSecurity,
        body: addFilmRequest,
        response: { 200: addFilmAnswer, 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody },
      },
      preValidation: rateLimit('write'),
    },
    async (request) => {
      const actor = currentActor(request);
      const title = normalizeTitle(request.body.title);
      const releaseYear = Number(request.body.release_year.trim());
      const description = request.body.description.trim();
      const watchLink = request.body.watchLink || null;
      const submitterId = typeof request.body.userId === 'number' ? request.body.userId : null;
      // A link the reviewer sends is checked; a submission's was checked when the member sent it.
      await refuseAdultEntry(app, request.body.tmdb_id);
      const now = app.clock.now();
      const added = await transaction(app.db, async (tx) => {
        await lockFilmYear(tx, releaseYear);
        const submission = await submissions.lockPendingMatch(tx, title, releaseYear, submitterId);
        const tmdbId = request.body.tmdb_id === undefined ? (submission?.tmdbId ?? null) : request.body.tmdb_id;
        await refuseDuplicateFilm(tx, { title, releaseYear, tmdbId }, { listing: true });
        // A reviewer form opened from an old link, after another reviewer rejected the submission: the decision stands.
        if (!submission && submitterId !== null && (await submissions.wasRejected(tx, title, releaseYear, submitterId))) {
          throw conflict(serverMessages.submissionAlreadyRejected, 'submission_rejected');
        }
        // The submission's note as the reviewer kept it: absent keeps it, a text replaces it, null or "" drops it
        // (docs/product.md §Recommendation note). Its writer is the submitter; a note with no submission is by nobody named.
        const asked = request.body.note;
        const noteText = asked === undefined ? (submission?.note ?? null) : asked || null;
        const note = noteText === null ? null : { text: noteText, by: submission?.userId ?? null, named: submission?.noteNamed ?? true };
        const row = await films.insert(tx, { title, releaseYear, description, watchLink, addedBy: actor.userId, note }, now);
        if (tmdbId !== null) await facts.link(tx, row.filmId, tmdbId);
        await audit.record(
          tx,
          actor,
          {
            action: 'add',
            filmId: row.filmId,
            submissionId: submission?.submissionId ?? null,
            title: row.title,
            releaseYear: row.releaseYear,
          },
          now,
        );
        // The submission this form was for, and any other member's of the same film, are approved with it.
        const mailed = await settlePendingSubmissions(tx, row, { reviewedBy: actor.userId, now, publicUrl });
        return { row, linked: tmdbId !== null, mailed: mailed > 0 };
      })
        // The same film (title and year, slug, or film database entry) was added at the same moment.
        .catch(uniqueViolationAs(filmListed));
      app.filmListCache.invalidate();
      if (added.mailed) app.notifyOutbox();
      if (added.linked) refreshInBackground(app, added.row.filmId);
      return { message: messages.filmAdded, film: presentFilm({ film: added.row, facts: null }) };
    },
  );

  app.post(
    '/reject',
    {
      schema: {
        tags: ['submissions'],
        summary: 'Reject a pending submission, with an optional reason for the submitter',
        security: bearerSecurity,
        body: rejectFilmRequest,
        response: { 200: messageBody, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
      preValidation: rateLimit('write'),
    },
    async (request) => {
      const actor = currentActor(request);
      const { title, release_year, userId } = request.body;
      const reason = request.body.reason || null;
      const now = app.clock.now();
      const mailed = await transaction(app.db, async (tx) => {
        const submission = await submissions.lockPendingMatch(tx, title, Number(release_year.trim()), userId);
        if (!submission) throw notFound(serverMessages.submissionNotFound, 'submission_not_found');
        await submissions.reject(tx, submission.submissionId, reason, { reviewedBy: actor.userId, now });
        await audit.record(
          tx,
          actor,
          {
            action: 'reject',
            filmId: null,
            submissionId: submission.submissionId,
            title: submission.title,
            releaseYear: submission.releaseYear,
            reason,
          },
          now,
        );
        const submitter = submission.userId === null ? null : await users.findById(submission.userId, tx);
        if (!submitter) return false;
        const mail = filmRejectedMail(submitter.email, submission.title, submission.releaseYear, reason ?? undefined);
        await enqueueMail(tx, mail, now);
        return true;
      });
      if (mailed) app.notifyOutbox();
      return { message: messages.filmRejected };
    },
  );
});
