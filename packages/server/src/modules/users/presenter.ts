import type { PublicUser } from '@filmlist/shared/api/users';
import type { users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;

/**
 * What leaves the server for a user. Never the password hash or a token; the
 * email only to its owner (PRODUCT.md §3).
 */
export function presentUser(row: UserRow, view: { owner: boolean; isReviewer?: boolean }): PublicUser {
  const user: PublicUser = { user_id: row.userId, username: row.username, verified: row.verified };
  if (view.owner) {
    user.email = row.email;
    user.isReviewer = view.isReviewer ?? false;
  }
  return user;
}
