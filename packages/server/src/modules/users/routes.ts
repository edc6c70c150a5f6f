import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@filmlist/shared/api/common';
import {
  checkUserAnswer,
  checkUserRequest,
  profileAnswer,
  profileParams,
  registerAnswer,
  registerRequest,
  verificationAnswer,
  verificationParams,
} from '@filmlist/shared/api/users';
import { messages, serverMessages } from '@filmlist/shared/messages';
import { z } from 'zod';
import { hashPassword } from '../auth/passwords.js';
import { uniqueViolationAs, violatedConstraint } from '../../db/pg-errors.js';
import { transaction } from '../../db/transaction.js';
import { emailKey } from '../../lib/email-key.js';
import { foldName } from '../../lib/identity.js';
import { HttpError, conflict, notFound } from '../../lib/http-errors.js';
import { verificationMail } from '../../mail/templates.js';
import { requireMailBudget } from '../../mail/quota.js';
import { enqueueMail } from '../../mail/outbox.js';
import { optionalMember } from '../auth/guards.js';
import { accountIn, rateLimit } from '../../plugins/rate-limit.js';
import { presentUser } from './presenter.js';
import { followEmailLink } from './email-links.js';
import { usersRepository } from './repository.js';
import { PAGES } from '@filmlist/shared/pages';
import { pageUrl } from '../pages/addresses.js';
import { clientAddress } from '../../lib/client-address.js';

/**
 * Which unique index a race lost against, by the constraint's name (the
 * failed query's text names every column, so it cannot tell them apart).
 */
export function duplicate(error: unknown): HttpError {
  return conflict(violatedConstraint(error) === 'users_email_lower_key' ? messages.emailTaken : messages.usernameTaken, 'duplicate');
}

/** Signing up, checking names, profiles and the emailed links: public. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = usersRepository(app.db);
  const verificationLink = (token: string) => pageUrl(app.config.publicUrl, PAGES.verification, { token });

  app.post(
    '/check',
    {
      schema: { tags: ['users'], summary: 'Are this username and email free?', body: checkUserRequest, response: { 200: checkUserAnswer } },
      preValidation: rateLimit(
        'check',
        accountIn(checkUserRequest, (body) =>
          body.username !== undefined
            ? `name:${foldName(body.username)}`
            : body.email !== undefined
              ? `email:${emailKey(body.email)}`
              : undefined,
        ),
      ),
    },
    async (request) => {
      const { username, email } = request.body;
      const now = app.clock.now();
      await repo.removeExpiredUnverified(now);
      return {
        usernameExists: username ? await repo.usernameHeldAgainst(username, email) : false,
        emailExists: email ? await repo.emailHeldByVerified(email) : false,
      };
    },
  );

  app.post(
    '/register',
    {
      schema: {
        tags: ['users'],
        summary: 'Sign up; a verification email follows',
        body: registerRequest,
        response: { 201: registerAnswer, 409: errorBody },
      },
      // Per address, and per address and email together: a stranger's attempts with someone's email
      // do not refuse that person's own sign-up (the mail budget caps what the mailbox receives).
      preValidation: rateLimit(
        'register',
        accountIn(registerRequest, (body, request) => `${emailKey(body.email)}|${clientAddress(request)}`),
      ),
    },
    async (request, reply) => {
      const { username, email, password } = request.body;
      const now = app.clock.now();
      // Refused before any mail budget is spent: only mail really sent counts against an address.
      if (await repo.usernameTaken(username)) throw conflict(messages.usernameTaken, 'username_taken');
      if (await repo.emailHeldByVerified(email)) throw conflict(messages.emailTaken, 'email_taken');
      await requireMailBudget(app, { to: email, client: clientAddress(request) });
      const passwordHash = await hashPassword(password);
      const user = await transaction(app.db, async (tx) => {
        await repo.removeExpiredUnverified(now, tx);
        await repo.removeUnverifiedWithEmail(email, tx);
        if (await repo.usernameTaken(username, undefined, tx)) throw conflict(messages.usernameTaken, 'username_taken');
        if (await repo.emailHeldByVerified(email, undefined, tx)) throw conflict(messages.emailTaken, 'email_taken');
        const row = await repo.insert(tx, { username, email, passwordHash }, now);
        const token = await repo.createEmailToken(tx, row.userId, 'signup', email, now);
        await enqueueMail(tx, verificationMail(email, row.username, verificationLink(token)), now);
        return row;
      }).catch(uniqueViolationAs(duplicate));
      app.notifyOutbox();
      return reply.code(201).send({ message: messages.registrationSuccessful, user_id: user.userId });
    },
  );

  app.get(
    '/profile/:username',
    {
      schema: {
        tags: ['users'],
        summary: 'A profile; the email only to its owner',
        params: profileParams,
        response: { 200: profileAnswer, 404: errorBody },
      },
      preValidation: optionalMember,
    },
    async (request) => {
      const user = await repo.findByUsername(request.params.username);
      if (!user) throw notFound(serverMessages.userNotFound, 'user_not_found');
      const owner = request.actor?.userId === user.userId;
      return { user: presentUser(user, { owner, isReviewer: request.actor?.isReviewer ?? false, now: app.clock.now() }) };
    },
  );

  app.get(
    '/verification/:token',
    {
      schema: {
        tags: ['users'],
        summary: 'Follow an emailed link: verify a new account or confirm a new email',
        params: verificationParams,
        response: {
          200: verificationAnswer,
          // A link that failed, or a token the params schema refused (then without `success`).
          400: errorBody.extend({ success: z.literal(false).optional() }),
        },
      },
      preValidation: rateLimit(
        'verification',
        accountIn(verificationParams, (params) => params.token.slice(0, 16), 'params'),
      ),
    },
    async (request, reply) => {
      const now = app.clock.now();
      const failed = () =>
        reply.code(400).send({ success: false as const, error: messages.verificationFailed, code: 'verification_failed' });
      // An address verified by another account at the same moment fails like any used link.
      const ok = await transaction(app.db, (tx) =>
        followEmailLink(repo, tx, request.params.token, now, app.config.links.contactEmail),
      ).catch(uniqueViolationAs(() => new HttpError(400, 'verification_failed', messages.verificationFailed)));
      if (!ok) {
        // A link followed twice is no failure: the account is verified, and the page offers login.
        if (await repo.wasVerifiedBy(request.params.token))
          return { success: true, alreadyVerified: true, message: messages.alreadyVerified };
        return failed();
      }
      app.notifyOutbox();
      return { success: true, message: messages.verificationSucceeded };
    },
  );
};
