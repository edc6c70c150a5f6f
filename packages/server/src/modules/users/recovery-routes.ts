import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, messageBody } from '@filmlist/shared/api/common';
import { recoveryRequest, resetPasswordRequest } from '@filmlist/shared/api/users';
import { PASSWORD_RESET_TTL_MS, VERIFICATION_TTL_MS } from '@filmlist/shared/constants';
import { messages, serverMessages } from '@filmlist/shared/messages';
import { hashPassword } from '../auth/passwords.js';
import { transaction } from '../../db/transaction.js';
import { badRequest } from '../../lib/http-errors.js';
import { enqueueMail } from '../../mail/outbox.js';
import { mayMail } from '../../mail/quota.js';
import { passwordResetMail, verificationMail } from '../../mail/templates.js';
import { privateAnswer } from '../../lib/http-cache.js';
import { accountIn, rateLimit } from '../../plugins/rate-limit.js';
import type { MailMessage } from '../../mail/outbox.js';
import type { UserRow } from './presenter.js';
import { usersRepository, type TokenPurpose } from './repository.js';
import { PAGES } from '@filmlist/shared/pages';
import { pageUrl } from '../pages/addresses.js';
import { clientAddress } from '../../lib/client-address.js';

interface LinkKind {
  purpose: TokenPurpose;
  wanted: (user: UserRow) => boolean;
  ttlMs: (user: UserRow, now: Date) => number;
  mail: (user: UserRow, token: string) => MailMessage;
}

/**
 * Account recovery (docs/product.md §Account recovery): a forgotten password, and a new
 * verification link. Both answer the same whether an account has the address
 * or not, and both are limited per client address and per target address,
 * so neither tells who is registered nor floods anyone's mailbox.
 */
export const recoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = usersRepository(app.db);

  /**
   * The shared part of both requests: when the account with that address is
   * `wanted` and its mailbox has budget left (mail/quota.ts), its earlier links
   * of the kind stop working and a new one is mailed. Past the budget nothing
   * is sent, and the answer is the same.
   */
  async function mailNewLink(email: string, client: string, link: LinkKind): Promise<void> {
    const now = app.clock.now();
    const user = await repo.findByEmail(email);
    if (!user || !link.wanted(user)) return;
    if (!(await mayMail(app, { to: user.email, client })).ok) {
      app.log.info({ userId: user.userId, purpose: link.purpose }, 'recovery mail over the address budget; not sent');
      return;
    }
    await transaction(app.db, async (tx) => {
      await repo.voidLinks(tx, user.userId, link.purpose, now);
      const token = await repo.createEmailToken(tx, user.userId, link.purpose, user.email, now, link.ttlMs(user, now));
      await enqueueMail(tx, link.mail(user, token), now);
    });
    app.notifyOutbox();
  }

  app.post(
    '/forgot-password',
    {
      schema: {
        tags: ['users'],
        summary:
          'Mail a one-hour, single-use password reset link, if a verified account has this address (the answer is the same either way)',
        body: recoveryRequest,
        response: { 200: messageBody, 400: errorBody },
      },
      preValidation: rateLimit('recovery'),
    },
    async (request) => {
      // Answered at once, the work done after: the answer and its timing are the same whoever has the address.
      app.background.run('a password reset mail', () =>
        mailNewLink(request.body.email, clientAddress(request), {
          purpose: 'password_reset',
          // Demo members (a fresh start's sample data) have no mailbox at all.
          wanted: (user) => user.verified && !user.demo,
          ttlMs: () => PASSWORD_RESET_TTL_MS,
          mail: (user, token) =>
            passwordResetMail(user.email, user.username, pageUrl(app.config.publicUrl, PAGES.resetPassword, { token })),
        }),
      );
      return { message: serverMessages.recoveryMailSent };
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags: ['users'],
        summary: 'Set a new password with a reset link; every session of the account ends',
        body: resetPasswordRequest,
        response: { 200: messageBody, 400: errorBody },
      },
      preValidation: rateLimit(
        'verification',
        accountIn(resetPasswordRequest, (body) => body.token.slice(0, 16)),
      ),
    },
    async (request, reply) => {
      privateAnswer(reply);
      const now = app.clock.now();
      const passwordHash = await hashPassword(request.body.password);
      const reset = await transaction(app.db, async (tx) => {
        const found = await repo.consumeEmailToken(tx, request.body.token, now, ['password_reset']);
        if (!found) return false;
        // A reset takes the account back: a pending email change (perhaps an intruder's) goes with every other link.
        const updated = await repo.update(tx, found.userId, { passwordHash, pendingEmail: null, pendingEmailExpiresAt: null });
        if (!updated) return false;
        await repo.voidLinks(tx, found.userId, 'password_reset', now);
        await repo.voidLinks(tx, found.userId, 'email_change', now);
        await app.sessions.revokeAllForUser(found.userId, 'password reset', now, undefined, tx);
        return true;
      });
      if (!reset) throw badRequest(messages.resetLinkInvalid, 'reset_link_invalid');
      return { message: serverMessages.passwordResetDone };
    },
  );

  app.post(
    '/resend-verification',
    {
      schema: {
        tags: ['users'],
        summary:
          'Mail a new verification link to an account waiting for one (the answer is the same either way); the previous link stops working',
        body: recoveryRequest,
        response: { 200: messageBody, 400: errorBody },
      },
      preValidation: rateLimit('recovery'),
    },
    async (request) => {
      app.background.run('a verification mail', () =>
        mailNewLink(request.body.email, clientAddress(request), {
          purpose: 'signup',
          wanted: (user) => !user.verified,
          // The account itself goes 72 hours after sign-up; its link lasts as long as it does.
          ttlMs: (user, now) => Math.max(0, user.createdAt.getTime() + VERIFICATION_TTL_MS - now.getTime()),
          mail: (user, token) => verificationMail(user.email, user.username, pageUrl(app.config.publicUrl, PAGES.verification, { token })),
        }),
      );
      return { message: serverMessages.verificationResent };
    },
  );
};
