import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, messageBody } from '@filmlist/shared/api/common';
import {
  checkUserAnswer,
  checkUserRequest,
  loginAnswer,
  loginRequest,
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
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../auth/passwords.js';
import { isUniqueViolation, violatedConstraint } from '../../db/pg-errors.js';
import { HttpError, badRequest, conflict, notFound } from '../../lib/http-errors.js';
import { emailChangeMail, verificationMail } from '../../mail/templates.js';
import { enqueueMail } from '../../mail/outbox.js';
import { assertSelf, optionalMember, requireMember } from '../../plugins/authenticate.js';
import { rateLimit } from '../../plugins/rate-limit.js';
import { presentUser } from './presenter.js';
import { usersRepository } from './repository.js';
import { bearerSecurity } from '../../lib/openapi.js';


/**
 * Which unique index a race lost against, by the constraint's name (the
 * failed query's text names every column, so it cannot tell them apart).
 */
function duplicateMessage(error: unknown): string {
  return violatedConstraint(error) === 'users_email_lower_key' ? messages.emailTaken : messages.usernameTaken;
}

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = usersRepository(app.db);
  const verificationLink = (token: string) => `${app.config.publicUrl}/verification/${token}`;

  app.post(
    '/check',
    {
      schema: { tags: ['users'], summary: 'Are this username and email free?', body: checkUserRequest, response: { 200: checkUserAnswer } },
      preValidation: rateLimit('check', (r) => {
        const body = checkUserRequest.safeParse(r.body);
        return body.success ? (body.data.username ?? body.data.email) : undefined;
      }),
    },
    async (request) => {
      const { username, email } = request.body;
      const now = app.clock.now();
      await repo.removeExpiredUnverified(now);
      return {
        usernameExists: username ? await repo.usernameHeldAgainst(username, email) : false,
        emailExists: email ? await repo.emailHeldAgainstSignUp(email) : false,
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
      preValidation: rateLimit('register', (r) => {
        const body = registerRequest.safeParse(r.body);
        return body.success ? body.data.email : undefined;
      }),
    },
    async (request, reply) => {
      const { username, email, password } = request.body;
      const now = app.clock.now();
      const passwordHash = await hashPassword(password);
      try {
        const user = await app.db.transaction(async (tx) => {
          await repo.removeExpiredUnverified(now, tx);
          await repo.removeUnverifiedWithEmail(email, tx);
          if (await repo.usernameTaken(username, undefined, tx)) throw conflict(messages.usernameTaken, 'username_taken');
          if (await repo.emailTaken(email, undefined, tx)) throw conflict(messages.emailTaken, 'email_taken');
          const row = await repo.insert(tx, { username, email, passwordHash }, now);
          const token = await repo.createEmailToken(tx, row.userId, 'signup', email, now);
          await enqueueMail(tx, verificationMail(email, username, verificationLink(token)), now);
          return row;
        });
        app.notifyOutbox();
        return reply.code(201).send({ message: messages.registrationSuccessful, user_id: user.userId });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(duplicateMessage(error), 'duplicate');
        throw error;
      }
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['users'],
        summary: 'Log in: a 15-minute access token and a rotating refresh token',
        body: loginRequest,
        response: { 200: loginAnswer, 401: errorBody, 403: errorBody },
      },
      preValidation: rateLimit('login', (r) => {
        const body = loginRequest.safeParse(r.body);
        return body.success ? body.data.username : undefined;
      }),
    },
    async (request) => {
      const { username, password } = request.body;
      const now = app.clock.now();
      const user = await repo.findByUsername(username);
      // The same status, body and work for an unknown user and a wrong password.
      const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
      if (!user || !valid) throw new HttpError(401, 'invalid_credentials', messages.loginFailed);
      if (!user.verified) throw new HttpError(403, 'unverified', messages.loginUnverified);
      const session = await app.sessions.create(user.userId, now);
      const access = await app.accessTokens.sign({ userId: user.userId, sessionId: session.sessionId }, now);
      const isReviewer = app.config.reviewers.has(user.username.toLowerCase());
      return {
        accessToken: access.token,
        accessTokenExpiration: access.expiresAt,
        refreshToken: session.refreshToken,
        user: presentUser(user, { owner: true, isReviewer }),
      };
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
      return { user: presentUser(user, { owner, isReviewer: request.actor?.isReviewer ?? false }) };
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
      const { username, email, password, currentPassword } = request.body;
      if (username === undefined && email === undefined && password === undefined) {
        throw badRequest(messages.nothingToUpdate, 'nothing_to_update');
      }
      const now = app.clock.now();
      const current = await repo.findById(actor.userId);
      if (!current) throw notFound(messages.userNotFound, 'user_not_found');
      const emailChanges = email !== undefined && email.toLowerCase() !== current.email.toLowerCase();
      // The whole form may come back with the email unchanged: only a real change needs the password.
      if (emailChanges || password !== undefined) {
        if (!currentPassword) {
          throw badRequest(messages.currentPasswordRequired, 'current_password_required', {
            currentPassword: messages.currentPasswordRequired,
          });
        }
        if (!(await verifyPassword(current.passwordHash, currentPassword))) {
          throw badRequest(messages.currentPasswordWrong, 'current_password_wrong', {
            currentPassword: messages.currentPasswordWrong,
          });
        }
      }
      const passwordHash = password !== undefined ? await hashPassword(password) : undefined;

      try {
        const updated = await app.db.transaction(async (tx) => {
          if (username !== undefined && (await repo.usernameTaken(username, actor.userId, tx))) {
            throw conflict(messages.usernameTaken, 'username_taken');
          }
          if (emailChanges && (await repo.emailTaken(email, actor.userId, tx))) {
            throw conflict(messages.emailTaken, 'email_taken');
          }
          const row = await repo.update(tx, actor.userId, {
            ...(username !== undefined ? { username } : {}),
            ...(passwordHash !== undefined ? { passwordHash } : {}),
            ...(emailChanges ? { pendingEmail: email } : {}),
          });
          if (!row) throw notFound(messages.userNotFound, 'user_not_found');
          if (emailChanges) {
            const token = await repo.createEmailToken(tx, actor.userId, 'email_change', email, now);
            await enqueueMail(tx, emailChangeMail(email, row.username, verificationLink(token)), now);
          }
          if (passwordHash !== undefined) {
            // Every other session ends; this one, which just proved the password, goes on.
            await app.sessions.revokeAllForUser(actor.userId, 'password changed', now, actor.sessionId, tx);
          }
          return row;
        });
        if (emailChanges) app.notifyOutbox();
        const changed = [username, email, password].filter((v) => v !== undefined).length;
        const message =
          changed > 1
            ? messages.profileUpdated
            : username !== undefined
              ? messages.usernameUpdated
              : email !== undefined
                ? messages.emailUpdated
                : messages.passwordUpdated;
        const isReviewer = app.config.reviewers.has(updated.username.toLowerCase());
        return { message, user: presentUser(updated, { owner: true, isReviewer }), pendingEmail: updated.pendingEmail };
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(duplicateMessage(error), 'duplicate');
        throw error;
      }
    },
  );

  app.delete(
    '/delete',
    {
      schema: {
        tags: ['users'],
        summary: 'Delete the account, its sessions, votes and pending submissions',
        security: bearerSecurity,
        response: { 200: messageBody },
      },
      preValidation: requireMember,
    },
    async (request) => {
      const actor = assertSelf(request, request.actor?.userId ?? 0);
      await app.db.transaction(async (tx) => {
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
      preValidation: rateLimit('verification', (r) => {
        const params = verificationParams.safeParse(r.params);
        return params.success ? params.data.token.slice(0, 16) : undefined;
      }),
    },
    async (request, reply) => {
      const now = app.clock.now();
      const failed = () =>
        reply.code(400).send({ success: false as const, error: messages.verificationFailed, code: 'verification_failed' });
      try {
        const ok = await app.db.transaction(async (tx) => {
          const token = await repo.consumeEmailToken(tx, request.params.token, now);
          if (!token) return false;
          if (token.purpose === 'signup') {
            return (await repo.update(tx, token.userId, { verified: true })) !== null;
          }
          const user = await repo.findById(token.userId, tx);
          if (!user || user.pendingEmail?.toLowerCase() !== token.email.toLowerCase()) return false;
          if (await repo.emailTaken(token.email, token.userId, tx)) return false;
          return (await repo.update(tx, token.userId, { email: token.email, pendingEmail: null })) !== null;
        });
        if (!ok) return failed();
      } catch (error) {
        if (isUniqueViolation(error)) return failed();
        throw error;
      }
      return { success: true, message: messages.verificationSucceeded };
    },
  );
};
