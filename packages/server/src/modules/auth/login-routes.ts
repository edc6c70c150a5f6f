import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@filmlist/shared/api/common';
import { loginAnswer, loginRequest } from '@filmlist/shared/api/users';
import { messages } from '@filmlist/shared/messages';
import { HttpError } from '../../lib/http-errors.js';
import { privateAnswer } from '../../lib/http-cache.js';
import { rateLimit } from '../../plugins/rate-limit.js';
import { presentUser } from '../users/presenter.js';
import { usersRepository } from '../users/repository.js';
import { loginBudgetKey, loginThrottle } from './login-throttle.js';
import { verifyAgainstDummy, verifyPassword } from './passwords.js';
import { holdsReviewerRole } from './roles.js';
import { clientAddress } from '../../lib/client-address.js';

/**
 * POST /api/users/login (its long-standing path, so it is registered under /users):
 * a session of 15-minute access tokens and rotating refresh tokens.
 */
export const loginRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = usersRepository(app.db);
  const throttle = loginThrottle(app);

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in: a 15-minute access token and a rotating refresh token',
        body: loginRequest,
        response: { 200: loginAnswer, 401: errorBody, 403: errorBody },
      },
      // Per address here; wrong passwords per account are limited by the login throttle.
      preValidation: rateLimit('login'),
    },
    async (request, reply) => {
      privateAnswer(reply);
      const { username, password } = request.body;
      const now = app.clock.now();
      const user = await repo.findByUsername(username);
      const budget = loginBudgetKey(user, username);
      // The same status, body and work for an unknown user and a wrong password.
      const client = clientAddress(request);
      const valid = await throttle.check(budget, client, () =>
        user ? verifyPassword(user.passwordHash, password) : verifyAgainstDummy(password),
      );
      if (!user || !valid) throw new HttpError(401, 'invalid_credentials', messages.loginFailed);
      await throttle.succeeded(budget, client);
      if (!user.verified) throw new HttpError(403, 'unverified', messages.loginUnverified);
      const session = await app.sessions.create(user.userId, now);
      const access = await app.accessTokens.sign({ userId: user.userId, sessionId: session.sessionId }, now);
      const isReviewer = holdsReviewerRole(app.config, user);
      return {
        accessToken: access.token,
        accessTokenExpiration: access.expiresAt,
        refreshToken: session.refreshToken,
        user: presentUser(user, { owner: true, isReviewer, now }),
      };
    },
  );
};
