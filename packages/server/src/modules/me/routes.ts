import { errorBody, messageBody } from '@filmlist/shared/api/common';
import { myExport, mySubmissionsAnswer, mySubmissionUpdate, mySubmissionUpdated, submissionIdParams } from '@filmlist/shared/api/me';
import { messages, serverMessages } from '@filmlist/shared/messages';
import { transaction } from '../../db/transaction.js';
import { conflict, notFound } from '../../lib/http-errors.js';
import { rateLimit } from '../../plugins/rate-limit.js';
import { myVotes, type MyVotes } from '@filmlist/shared/api/votes';
import { bearerSecurity } from '../../lib/openapi.js';
import { currentActor, membersOnly } from '../auth/guards.js';
import { mentionsRepository } from '../mentions/repository.js';
import { ratingsRepository } from '../ratings/repository.js';
import { filmsRepository } from '../films/repository.js';
import { submissionsRepository } from '../submissions/repository.js';
import { asAttachment, downloadName } from './downloads.js';
import { myDataRepository } from './my-data.js';

/** The signed-in member's own data. */
export const meRoutes = membersOnly(async (app) => {
  const mentions = mentionsRepository(app.db);
  const ratings = ratingsRepository(app.db);
  const data = myDataRepository(app.db);
  const submissions = submissionsRepository(app.db);

  app.get(
    '/votes',
    {
      schema: {
        tags: ['me'],
        summary: "All of the caller's answers and ratings, keyed by film id (one call instead of one per film)",
        security: bearerSecurity,
        response: { 200: myVotes, 401: errorBody },
      },
    },
    async (request) => {
      const actor = currentActor(request);
      const [answers, rated] = await Promise.all([mentions.listForUser(actor.userId), ratings.listForUser(actor.userId)]);
      const votes: MyVotes = { mentions: {}, ratings: {} };
      for (const m of answers) votes.mentions[String(m.filmId)] = m.mentioned;
      for (const r of rated) votes.ratings[String(r.filmId)] = r.rating;
      return votes;
    },
  );

  app.get(
    '/submissions',
    {
      schema: {
        tags: ['me'],
        summary: "The caller's submissions, newest first, each pending, added (with its film) or rejected (with the reason)",
        security: bearerSecurity,
        response: { 200: mySubmissionsAnswer, 401: errorBody },
      },
    },
    async (request) => ({ submissions: await data.submissions(currentActor(request).userId) }),
  );

  app.delete(
    '/submissions/:submission_id',
    {
      schema: {
        tags: ['me'],
        summary: 'Withdraw one of your pending submissions (409 once a reviewer has decided it)',
        security: bearerSecurity,
        params: submissionIdParams,
        response: { 200: messageBody, 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody },
      },
      preValidation: rateLimit('write'),
    },
    async (request) => {
      const actor = currentActor(request);
      const outcome = await transaction(app.db, (tx) => submissions.withdraw(tx, actor.userId, request.params.submission_id));
      // Another member's submission is as missing as one that never was.
      if (outcome === 'missing') throw notFound(serverMessages.submissionNotFound, 'submission_not_found');
      if (outcome === 'decided') throw conflict(serverMessages.submissionNotPending, 'submission_decided');
      return { message: serverMessages.submissionWithdrawn };
    },
  );

  app.patch(
    '/submissions/:submission_id',
    {
      schema: {
        tags: ['me'],
        summary:
          'Choose whether the note ("Why is it undervalued?") of one of your submissions shows your username or "a member" on the film page, before or after the film is added (404 for a submission that is not yours)',
        security: bearerSecurity,
        params: submissionIdParams,
        body: mySubmissionUpdate,
        response: { 200: mySubmissionUpdated, 400: errorBody, 401: errorBody, 404: errorBody },
      },
      preValidation: rateLimit('write'),
    },
    async (request) => {
      const actor = currentActor(request);
      const id = request.params.submission_id;
      const named = request.body.note_named;
      const changed = await transaction(app.db, async (tx) => {
        const updated = await submissions.setNoteNamed(tx, actor.userId, id, named);
        if (updated?.filmId) await filmsRepository(tx).setNoteNamed(updated.filmId, actor.userId, named);
        return updated !== null;
      });
      const submission = changed ? (await data.submissions(actor.userId)).find((s) => s.submission_id === id) : undefined;
      if (!submission) throw notFound(serverMessages.submissionNotFound, 'submission_not_found');
      return { message: messages.noteNamedUpdated, submission };
    },
  );

  app.get(
    '/export',
    {
      schema: {
        tags: ['me'],
        summary: 'Download my data: the account (no secrets), answers, ratings, submissions, watch clicks and watchlist, as a JSON file',
        security: bearerSecurity,
        response: { 200: myExport, 401: errorBody },
      },
      preValidation: rateLimit('write'),
    },
    async (request, reply) => {
      const actor = currentActor(request);
      const now = app.clock.now();
      const exported = await data.export(actor.userId, now);
      if (!exported) throw notFound(serverMessages.userNotFound, 'user_not_found');
      return asAttachment(reply, downloadName(null, actor.username, now, 'json')).send(exported);
    },
  );
});
