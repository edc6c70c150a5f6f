import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { messages } from '@filmlist/shared/messages';
import { uniqueViolationAs } from '../../db/pg-errors.js';
import { transaction } from '../../db/transaction.js';
import { conflict, notFound, unauthorized } from '../../lib/http-errors.js';
import { enqueueMail } from '../../mail/outbox.js';
import { mayMailReviewers } from '../../mail/quota.js';
import { filmAddedMail, filmRejectedMail, reviewRequestMail } from '../../mail/templates.js';
import { currentActor, requireMember, requireReviewer } from '../../plugins/authenticate.js';
import { rateLimit } from '../../plugins/rate-limit.js';
import { auditRepository } from '../audit/repository.js';
import { presentFilm } from '../films/presenter.js';
import { filmsRepository } from '../films/repository.js';
import { usersRepository } from '../users/repository.js';
import { filmPageLink, reviewerFormLink, reviewQueueLink } from './links.js';
import { presentSubmission } from './presenter.js';
import { submissionsRepository } from './repository.js';
import { bearerSecurity } from '../../lib/openapi.js';

const filmListed = () => conflict(messages.filmAlreadyListed, 'film_already_listed');
const filmPending = () => conflict(messages.filmAlreadyPending, 'film_already_pending');

/** Members submit films for review; reviewers add or reject them (PRODUCT.md §6). */
export const submissionRoutes: FastifyPluginAsyncZod = async (app) => {
  const submissions = submissionsRepository(app.db);
  const films = filmsRepository(app.db);
  const users = usersRepository(app.db);
  const audit = auditRepository(app.db);
  const { publicUrl } = app.config;

  app.post(
    '/reviewfilm',
    {
      schema: {
        tags: ['submissions'],
        summary: 'Submit a film for review; every reviewer is emailed',
        security: bearerSecurity,
        body: reviewFilmRequest,
        response: { 201: submissionAnswer, 400: errorBody, 401: errorBody, 409: errorBody },
      },
      preValidation: [requireMember, rateLimit('write'), rateLimit('submit')],
    },
    async (request, reply) => {
      const actor = currentActor(request);
      const title = normalizeTitle(request.body.title);
      const releaseYear = Number(request.body.release_year.trim());
      const description = request.body.description.trim();
      const now = app.clock.now();
      const notify = await mayMailReviewers(app, actor.userId);
      const row = await transaction(app.db, async (tx) => {
        // The member's row is the lock that makes the pending count exact under concurrency.
        if (!(await users.lockById(tx, actor.userId))) throw unauthorized(messages.sessionExpired, 'invalid_token');
        if (await films.findByTitleAndYear(title, releaseYear, tx)) throw filmListed();
        if (await submissions.findPendingFilm(title, releaseYear, tx)) throw filmPending();
        if ((await submissions.countPendingByUser(actor.userId, tx)) >= MAX_PENDING_SUBMISSIONS) {
          throw conflict(messages.tooManyPending, 'too_many_pending');
        }
        const inserted = await submissions.insert(tx, { title, releaseYear, description, userId: actor.userId }, now);
        const formLink = reviewerFormLink(publicUrl, { title, releaseYear, description, userId: actor.userId });
        const summary = { title, releaseYear, description, submitter: actor.username };
        // Past a few an hour from one member, the queue alone shows the rest (mail/quota.ts).
        const reviewers = notify ? await submissions.reviewerContacts(app.config.reviewers, tx) : [];
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

  app.get(
    '/submissions',
    {
      schema: {
        tags: ['submissions'],
        summary: 'The review queue: pending submissions, oldest first (reviewers only)',
        security: bearerSecurity,
        response: { 200: submissionList, 401: errorBody, 403: errorBody },
      },
      preValidation: requireReviewer,
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
        summary: "Add a film to the list, approving the submitter's pending submission if there is one",
        security: bearerSecurity,
        body: addFilmRequest,
        response: { 200: addFilmAnswer, 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody },
      },
      preValidation: [requireReviewer, rateLimit('write')],
    },
    async (request) => {
      const actor = currentActor(request);
      const title = normalizeTitle(request.body.title);
      const releaseYear = Number(request.body.release_year.trim());
      const description = request.body.description.trim();
      const watchLink = request.body.watchLink || null;
      const submitterId = typeof request.body.userId === 'number' ? request.body.userId : null;
      const now = app.clock.now();
      const added = await transaction(app.db, async (tx) => {
        const submission = await submissions.lockPendingMatch(tx, title, releaseYear, submitterId);
        if (await films.findByTitleAndYear(title, releaseYear, tx)) throw filmListed();
        // A reviewer form opened from an old link, after another reviewer rejected the submission: the decision stands.
        if (!submission && submitterId !== null && (await submissions.wasRejected(tx, title, releaseYear, submitterId))) {
          throw conflict(messages.submissionAlreadyRejected, 'submission_rejected');
        }
        const row = await films.insert(tx, { title, releaseYear, description, watchLink, addedBy: actor.userId }, now);
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
        if (!submission) return { row, mailed: false };
        await submissions.approve(tx, submission.submissionId, row.filmId, { reviewedBy: actor.userId, now });
        const submitter = submission.userId === null ? null : await users.findById(submission.userId, tx);
        if (!submitter) return { row, mailed: false };
        const link = filmPageLink(publicUrl, row.slug);
        await enqueueMail(tx, filmAddedMail(submitter.email, row.title, row.releaseYear, link), now);
        return { row, mailed: true };
      })
        // The same film (title and year, or slug) was added at the same moment.
        .catch(uniqueViolationAs(filmListed));
      app.filmListCache.invalidate();
      if (added.mailed) app.notifyOutbox();
      return { message: messages.filmAdded, film: presentFilm(added.row) };
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
      preValidation: [requireReviewer, rateLimit('write')],
    },
    async (request) => {
      const actor = currentActor(request);
      const { title, release_year, userId } = request.body;
      const reason = request.body.reason || null;
      const now = app.clock.now();
      const mailed = await transaction(app.db, async (tx) => {
        const submission = await submissions.lockPendingMatch(tx, title, Number(release_year.trim()), userId);
        if (!submission) throw notFound(messages.submissionNotFound, 'submission_not_found');
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
};
