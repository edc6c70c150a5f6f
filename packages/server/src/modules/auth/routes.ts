import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, messageBody } from '@filmlist/shared/api/common';
import { logoutRequest, refreshAnswer, refreshRequest } from '@filmlist/shared/api/auth';
import { serverMessages } from '@filmlist/shared/messages';
import { holdsReviewerRole } from './roles.js';
import { hashToken } from '../../lib/secure-token.js';
import { HttpError } from '../../lib/http-errors.js';
import { privateAnswer } from '../../lib/http-cache.js';
import { membersOnly, optionalMember } from './guards.js';
import { accountIn, rateLimit } from '../../plugins/rate-limit.js';
import { presentUser } from '../users/presenter.js';
import { usersRepository } from '../users/repository.js';
import { bearerSecurity } from '../../lib/openapi.js';

/** The store call, kept for compatibility (docs/product.md §Sessions and tokens): signed-in members only. */
export const storeRoutes = membersOnly(async (app) => {
  app.post(
    '/store',
    {
      schema: {
        tags: ['auth'],
        summary: 'Kept for compatibility with older clients: login already stores the refresh token',
        security: bearerSecurity,
        response: { 200: messageBody },
      },
    },
    () => ({ message: 'Refresh token stored.' }),
  );
});

/** Refresh and logout: they carry their own proof (a refresh token, or an optional bearer). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = usersRepository(app.db);

  app.post(
    '/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token for new tokens; a reused token revokes its whole session',
        body: refreshRequest,
        response: { 200: refreshAnswer, 401: errorBody },
      },
      preValidation: rateLimit(
        'refresh',
        accountIn(refreshRequest, (body) => hashToken(body.refresh).slice(0, 24)),
      ),
    },
    async (request, reply) => {
      privateAnswer(reply);
      const now = app.clock.now();
      const result = await app.sessions.rotate(request.body.refresh, now);
      if (!result.ok) {
        throw new HttpError(401, result.reason === 'reused' ? 'refresh_reused' : 'invalid_refresh', serverMessages.sessionExpired);
      }
      const user = await users.findById(result.userId);
      if (!user?.verified) throw new HttpError(401, 'invalid_refresh', serverMessages.sessionExpired);
      const access = await app.accessTokens.sign({ userId: user.userId, sessionId: result.sessionId }, now);
      return {
        newAccessToken: access.token,
        newRefreshToken: result.refreshToken,
        newAccessTokenExpiration: access.expiresAt,
        user: presentUser(user, { owner: true, isReviewer: holdsReviewerRole(app.config, user), now }),
      };
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End this session: its refresh token and access tokens stop working',
        security: bearerSecurity,
        body: logoutRequest,
        response: { 200: messageBody },
      },
      preValidation: optionalMember,
    },
    async (request) => {
      const now = app.clock.now();
      if (request.actor) await app.sessions.revoke(request.actor.sessionId, 'logout', now);
      const refresh = request.body?.refresh;
      if (refresh) {
        // A refresh token alone is the proof of its session; beside a bearer, it must be that member's, so one
        // member's logout never ends another's session, whatever token it carries.
        const session = await app.sessions.sessionOfToken(refresh);
        if (session && (!request.actor || session.userId === request.actor.userId)) {
          await app.sessions.revoke(session.sessionId, 'logout', now);
        }
      }
      return { message: serverMessages.loggedOut };
    },
  );
};
