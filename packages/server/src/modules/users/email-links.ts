import type { Database } from '../../db/connection.js';
import { enqueueMail } from '../../mail/outbox.js';
import { emailChangedMail } from '../../mail/templates.js';
import { livePendingEmail } from './presenter.js';
import type { UsersRepository } from './repository.js';

/**
 * Follows an emailed link (GET /api/users/verification/{token}): a sign-up is
 * verified, or a pending email change takes effect. Whoever verifies an address
 * first owns it, and every other claim on it goes (docs/product.md §Usernames and emails). False when
 * the link is unknown, used, expired, replaced by a newer change or cancelled,
 * or the address was verified by another account first.
 */
export async function followEmailLink(repo: UsersRepository, tx: Database, token: string, now: Date, contact: string): Promise<boolean> {
  const link = await repo.consumeEmailToken(tx, token, now, ['signup', 'email_change']);
  if (!link) return false;
  const user = await repo.findById(link.userId, tx);
  if (!user) return false;
  if (link.purpose === 'signup') {
    if (await repo.emailHeldByVerified(user.email, user.userId, tx)) return false;
    await repo.dropOtherClaims(tx, user.email, user.userId, now);
    return (await repo.update(tx, user.userId, { verified: true })) !== null;
  }
  if (livePendingEmail(user, now)?.toLowerCase() !== link.email.toLowerCase()) return false;
  if (await repo.emailHeldByVerified(link.email, user.userId, tx)) return false;
  await repo.dropOtherClaims(tx, link.email, user.userId, now);
  if (!(await repo.update(tx, user.userId, { email: link.email, pendingEmail: null, pendingEmailExpiresAt: null }))) return false;
  // A reset link mailed to the old address must not outlive the move; the old address is told.
  await repo.voidLinks(tx, user.userId, 'password_reset', now);
  await enqueueMail(tx, emailChangedMail(user.email, user.username, link.email, contact), now);
  return true;
}
