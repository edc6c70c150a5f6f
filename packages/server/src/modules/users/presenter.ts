import type { PublicUser } from '@filmlist/shared/api/users';
import type { users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;

/**
 * What leaves the server for a user. Never the password hash or a token; the
 * email only to its owner (docs/product.md §Profile changes).
 */
export function presentUser(row: UserRow, view: { owner: boolean; isReviewer?: boolean; now: Date }): PublicUser {
  const user: PublicUser = { user_id: row.userId, username: row.username, verified: row.verified };
  if (view.owner) {
    user.email = row.email;
    user.isReviewer = view.isReviewer ?? false;
    user.pendingEmail = livePendingEmail(row, view.now);
  }
  return user;
}

/** The address an email change waits to confirm, until its link lapses. */
export function livePendingEmail(row: Pick<UserRow, 'pendingEmail' | 'pendingEmailExpiresAt'>, now: Date): string | null {
  if (!row.pendingEmail || !row.pendingEmailExpiresAt || row.pendingEmailExpiresAt <= now) return null;
  return row.pendingEmail;
}
