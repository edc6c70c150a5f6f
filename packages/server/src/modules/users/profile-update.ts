import type { FastifyInstance } from 'fastify';
import { VERIFICATION_TTL_MS } from '@filmlist/shared/constants';
import { messages, serverMessages } from '@filmlist/shared/messages';
import { loginBudgetKey, loginThrottle } from '../auth/login-throttle.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { transaction } from '../../db/transaction.js';
import { emailKey } from '../../lib/email-key.js';
import { badRequest, conflict, notFound } from '../../lib/http-errors.js';
import { requireMailBudget } from '../../mail/quota.js';
import { enqueueMail } from '../../mail/outbox.js';
import { emailChangeMail, emailChangeRequestedMail } from '../../mail/templates.js';
import type { Actor } from '../../types.js';
import { livePendingEmail, type UserRow } from './presenter.js';
import { usersRepository } from './repository.js';
import { PAGES } from '@filmlist/shared/pages';
import { pageUrl } from '../pages/addresses.js';

export interface ProfileChangeRequest {
  username?: string | undefined;
  email?: string | undefined;
  password?: string | undefined;
  currentPassword?: string | undefined;
}

/** What an email field asks for, against the account as it is. */
type EmailChange = { kind: 'none' } | { kind: 'cancel' } | { kind: 'new'; address: string };

function emailChangeOf(requested: string | undefined, row: UserRow, now: Date): EmailChange {
  if (requested === undefined) return { kind: 'none' };
  // Back to the current address: a pending change is cancelled, and its links stop working.
  if (emailKey(requested) === emailKey(row.email)) return livePendingEmail(row, now) ? { kind: 'cancel' } : { kind: 'none' };
  return { kind: 'new', address: requested.trim() };
}

/** A new address waits as long as its link lives; a cancelled one goes. */
function pendingEmailFields(email: EmailChange, now: Date): Partial<Pick<UserRow, 'pendingEmail' | 'pendingEmailExpiresAt'>> {
  if (email.kind === 'new') return { pendingEmail: email.address, pendingEmailExpiresAt: new Date(now.getTime() + VERIFICATION_TTL_MS) };
  if (email.kind === 'cancel') return { pendingEmail: null, pendingEmailExpiresAt: null };
  return {};
}

/** The message for what changed (messages.ts); none changed is said plainly, not as an update. */
function messageFor(changed: { username: boolean; email: EmailChange['kind']; password: boolean }): string {
  const done = [changed.username, changed.email !== 'none', changed.password].filter(Boolean).length;
  if (done === 0) return serverMessages.profileUnchanged;
  if (done > 1) return serverMessages.profileUpdated;
  if (changed.username) return serverMessages.usernameUpdated;
  if (changed.email === 'new') return serverMessages.emailUpdated;
  if (changed.email === 'cancel') return messages.emailChangeCancelled;
  return serverMessages.passwordUpdated;
}

/** The current password, checked as a login is: wrong guesses spend the account's login budget. */
async function requireCurrentPassword(
  app: FastifyInstance,
  row: UserRow,
  currentPassword: string | undefined,
  client: string,
): Promise<void> {
  if (!currentPassword) {
    throw badRequest(messages.currentPasswordRequired, 'current_password_required', { currentPassword: messages.currentPasswordRequired });
  }
  const right = await loginThrottle(app).check(loginBudgetKey(row, row.username), client, () =>
    verifyPassword(row.passwordHash, currentPassword),
  );
  if (!right) {
    throw badRequest(serverMessages.currentPasswordWrong, 'current_password_wrong', {
      currentPassword: serverMessages.currentPasswordWrong,
    });
  }
}

/**
 * PUT /api/users/profile/{id} for the signed-in member (docs/product.md §Profile changes, §Email changes): a new
 * username, a new email (pending until its link is followed), a new password.
 * A field set to its current value changes nothing and writes nothing.
 */
export async function updateProfile(
  app: FastifyInstance,
  actor: Actor,
  request: ProfileChangeRequest,
  /** the client address, for the mail budget and the login budget */
  client: string,
): Promise<{ message: string; row: UserRow; emailQueued: boolean }> {
  const repo = usersRepository(app.db);
  const now = app.clock.now();
  const current = await repo.findById(actor.userId);
  if (!current) throw notFound(serverMessages.userNotFound, 'user_not_found');

  const username = request.username !== undefined && request.username !== current.username ? request.username : undefined;
  const email = emailChangeOf(request.email, current, now);
  const password = request.password;
  if (email.kind === 'new' || password !== undefined) await requireCurrentPassword(app, current, request.currentPassword, client);
  const changed = { username: username !== undefined, email: email.kind, password: password !== undefined };
  if (!changed.username && email.kind === 'none' && !changed.password) {
    return { message: messageFor(changed), row: current, emailQueued: false };
  }

  if (email.kind === 'new') {
    if (await repo.emailHeldByVerified(email.address, actor.userId)) throw conflict(messages.emailTaken, 'email_taken');
    await requireMailBudget(app, { to: email.address, client, accountId: actor.userId });
  }
  const passwordHash = password !== undefined ? await hashPassword(password) : undefined;

  const row = await transaction(app.db, async (tx) => {
    if (username !== undefined && (await repo.usernameTaken(username, actor.userId, tx))) {
      throw conflict(messages.usernameTaken, 'username_taken');
    }
    // Any change of the email, new or cancelled, voids the links mailed before it.
    if (email.kind !== 'none') await repo.voidEmailChangeLinks(tx, actor.userId, now);
    const updated = await repo.update(tx, actor.userId, {
      ...(username !== undefined ? { username } : {}),
      ...(passwordHash !== undefined ? { passwordHash } : {}),
      ...pendingEmailFields(email, now),
    });
    if (!updated) throw notFound(serverMessages.userNotFound, 'user_not_found');
    if (email.kind === 'new') {
      const token = await repo.createEmailToken(tx, actor.userId, 'email_change', email.address, now);
      await enqueueMail(
        tx,
        emailChangeMail(email.address, updated.username, pageUrl(app.config.publicUrl, PAGES.verification, { token })),
        now,
      );
      // The address the account has now hears of it, with the way to stop it.
      await enqueueMail(
        tx,
        emailChangeRequestedMail(current.email, updated.username, email.address, pageUrl(app.config.publicUrl, PAGES.forgotPassword)),
        now,
      );
    }
    if (passwordHash !== undefined) {
      // Every other session ends; this one, which just proved the password, goes on.
      await app.sessions.revokeAllForUser(actor.userId, 'password changed', now, actor.sessionId, tx);
      // Links mailed before it stop working, and an email change asked for earlier is cancelled.
      await repo.voidLinks(tx, actor.userId, 'password_reset', now);
      if (email.kind !== 'new' && livePendingEmail(current, now)) {
        await repo.voidEmailChangeLinks(tx, actor.userId, now);
        await repo.update(tx, actor.userId, { pendingEmail: null, pendingEmailExpiresAt: null });
      }
    }
    return updated;
  });
  return { message: messageFor(changed), row, emailQueued: email.kind === 'new' };
}
