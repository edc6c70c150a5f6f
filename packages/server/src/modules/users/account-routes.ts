import { errorBody, messageBody } from '@filmlist/shared/api/common';
import { deleteAccountRequest, updateProfileAnswer, updateProfileParams, updateProfileRequest } from '@filmlist/shared/api/users';
import { messages, serverMessages } from '@filmlist/shared/messages';
import { assertSelf, currentActor, membersOnly } from '../auth/guards.js';
import { loginBudgetKey, loginThrottle } from '../auth/login-throttle.js';
import { verifyPassword } from '../auth/passwords.js';
import { holdsReviewerRole } from '../auth/roles.js';
import { uniqueViolationAs } from '../../db/pg-errors.js';
import { transaction } from '../../db/transaction.js';
import { badRequest, forbidden, notFound } from '../../lib/http-errors.js';
import { bearerSecurity } from '../../lib/openapi.js';
import { rateLimit } from '../../plugins/rate-limit.js';
import { presentUser } from './presenter.js';
import { updateProfile } from './profile-update.js';
import { usersRepository } from './repository.js';
import { duplicate } from './routes.js';
import { clientAddress } from '../../lib/client-address.js';

/** A member's own account: changing it and deleting it. */
export const accountRoutes = membersOnly(async (app) => {
  const repo = usersRepository(app.db);
  const throttle = loginThrottle(app);

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
      preValidation: rateLimit('profile'),
    },
    async (request) => {
      const actor = assertSelf(request, request.params.user_id);
      const { username, email, password } = request.body;
      if (username === undefined && email === undefined && password === undefined) {
        throw badRequest(serverMessages.nothingToUpdate, 'nothing_to_update');
      }
      const { message, row, emailQueued } = await updateProfile(app, actor, request.body, clientAddress(request)).catch(
        uniqueViolationAs(duplicate),
      );
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
      const account = await repo.findById(actor.userId);
      if (!account) throw notFound(serverMessages.userNotFound, 'user_not_found');
      const budget = loginBudgetKey(actor, actor.username);
      if (!(await throttle.check(budget, clientAddress(request), () => verifyPassword(account.passwordHash, currentPassword)))) {
        throw forbidden(serverMessages.currentPasswordWrong, 'current_password_wrong');
      }
      await transaction(app.db, async (tx) => {
        if (!(await repo.lockById(tx, actor.userId))) throw notFound(serverMessages.userNotFound, 'user_not_found');
        await repo.deleteAccount(tx, actor.userId);
      });
      app.filmListCache.invalidate();
      return { message: messages.accountDeleted };
    },
  );
});
