import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, messageBody } from '@filmlist/shared/api/common';
import {
  checkUserAnswer,
  checkUserRequest,
  deleteAccountRequest,
  profileAnswer,
  profileParams,
  registerAnswer,
  registerRequest,
  updateProfileAnswer,
  updateProfileParams,
  updateProfileRequest,
  verificationAnswer,
  verificationParams,
} from '@filmlist/shared/api/users';
import { messages } from '@filmlist/shared/messages';
import { z } from 'zod';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { loginThrottle } from '../auth/login-throttle.js';
import { holdsReviewerRole } from '../auth/roles.js';
import { uniqueViolationAs, violatedConstraint } from '../../db/pg-errors.js';
import { transaction } from '../../db/transaction.js';
import { emailKey } from '../../lib/email-key.js';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../lib/http-errors.js';
import { verificationMail } from '../../mail/templates.js';
import { requireMailBudget } from '../../mail/quota.js';
import { enqueueMail } from '../../mail/outbox.js';
import { assertSelf, currentActor, optionalMember, requireMember } from '../../plugins/authenticate.js';
import { accountIn, rateLimit } from '../../plugins/rate-limit.js';
import { presentUser } from './presenter.js';
import { followEmailLink } from './email-links.js';
import { updateProfile } from './profile-update.js';
import { usersRepository } from './repository.js';
import { bearerSecurity } from '../../lib/openapi.js';

/**
 * Which unique index a race lost against, by the constraint's name (the
 * failed query's text names every column, so it cannot tell them apart).
 */
function duplicate(error: unknown): HttpError {
  return conflict(violatedConstraint(error) === 'users_email_lower_key' ? messages.emailTaken : messages.usernameTaken, 'duplicate');
}

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = usersRepository(app.db);
  const throttle = loginThrottle(app);
  const verificationLink = (token: string) => `${app.config.publicUrl}/verification/${token}`;

  app.post(
    '/check',
    {
      schema: { tags: ['users'], summary: 'Are this username and email free?', body: checkUserRequest, response: { 200: checkUserAnswer } },
      preValidation: rateLimit(
        'check',
        accountIn(checkUserRequest, (body) => body.username ?? body.email),
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
        accountIn(registerRequest, (body, request) => `${emailKey(body.email)}|${request.ip}`),
      ),
    },
    async (request, reply) => {
      const { username, email, password } = request.body;
      const now = app.clock.now();
      // Refused before any mail budget is spent: only mail really sent counts against an address.
      if (await repo.usernameTaken(username)) throw conflict(messages.usernameTaken, 'username_taken');
      if (await repo.emailHeldByVerified(email)) throw conflict(messages.emailTaken, 'email_taken');
      await requireMailBudget(app, { to: email, client: request.ip });
      const passwordHash = await hashPassword(password);
      const user = await transaction(app.db, async (tx) => {
        await repo.removeExpiredUnverified(now, tx);
        await repo.removeUnverifiedWithEmail(email, tx);
        if (await repo.usernameTaken(username, undefined, tx)) throw conflict(messages.usernameTaken, 'username_taken');
        if (await repo.emailHeldByVerified(email, undefined, tx)) throw conflict(messages.emailTaken, 'email_taken');
        const row = await repo.insert(tx, { username, email, passwordHash }, now);
        const token = await repo.createEmailToken(tx, row.userId, 'signup', email, now);
        await enqueueMail(tx, verificationMail(email, username, verificationLink(token)), now);
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
      if (!user) throw notFound(messages.userNotFound, 'user_not_found');
      const owner = request.actor?.userId === user.userId;
      return { user: presentUser(user, { owner, isReviewer: request.actor?.isReviewer ?? false, now: app.clock.now() }) };
    },
  );

  app.put(
    '/profile/:user_id',
    {
      schema: {
        tags: ['users'],
        summary: 'Change username, email or password (email and password need the current password)',
        security: bearerSecurity,
        params: updateProfileParams,
        body: updateProfileRequest,
        response: { 200: updateProfileAnswer, 400: errorBody, 403: errorBody, 409: errorBody },
      },
      preValidation: [requireMember, rateLimit('profile')],
    },
    async (request) => {
      const actor = assertSelf(request, request.params.user_id);
      const { username, email, password } = request.body;
      if (username === undefined && email === undefined && password === undefined) {
        throw badRequest(messages.nothingToUpdate, 'nothing_to_update');
      }
      const { message, row, emailQueued } = await updateProfile(app, actor, request.body, request.ip).catch(uniqueViolationAs(duplicate));
      if (emailQueued) app.notifyOutbox();
      const user = presentUser(row, { owner: true, isReviewer: holdsReviewerRole(app.config, row), now: app.clock.now() });
      return { message, user, pendingEmail: user.pendingEmail ?? null };
    },
  );

  app.delete(
    '/delete',
    {
      schema: {
        tags: ['users'],
        summary: 'Delete the account, its sessions, votes and pending submissions (needs the current password)',
        security: bearerSecurity,
        // Optional here so that a missing body gets the same clear message as a missing field.
        body: deleteAccountRequest.nullish(),
        response: { 200: messageBody, 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody },
      },
      preValidation: requireMember,
    },
    async (request) => {
      const actor = currentActor(request);
      const currentPassword = request.body?.currentPassword;
      if (currentPassword === undefined) {
        throw badRequest(messages.currentPasswordRequired, 'current_password_required', {
          currentPassword: messages.currentPasswordRequired,
        });
      }
      // A stolen access token alone cannot destroy the account; guesses here count as wrong logins.
      await throttle.admit(actor.username, request.ip);
      const account = await repo.findById(actor.userId);
      if (!account) throw notFound(messages.userNotFound, 'user_not_found');
      if (!(await verifyPassword(account.passwordHash, currentPassword))) {
        await throttle.failed(actor.username, request.ip);
        throw forbidden(messages.currentPasswordWrong, 'current_password_wrong');
      }
      await transaction(app.db, async (tx) => {
        if (!(await repo.lockById(tx, actor.userId))) throw notFound(messages.userNotFound, 'user_not_found');
        await repo.deleteAccount(tx, actor.userId);
      });
      app.filmListCache.invalidate();
      return { message: messages.accountDeleted };
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
