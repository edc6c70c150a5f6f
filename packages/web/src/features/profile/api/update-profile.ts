import { updateProfileAnswer, type PublicUser } from '@filmlist/shared/api/users';
import { api } from '../../../lib/api-client';

export interface ProfileChange {
  username?: string;
  email?: string;
  password?: string;
  currentPassword?: string;
}

export interface ProfileUpdate {
  message: string;
  user: PublicUser;
  /** a new email waiting for its confirmation link */
  pendingEmail: string | null;
}

/** PUT /api/users/profile/{user_id}: email and password changes need the current password. */
export function updateProfile(userId: number, change: ProfileChange): Promise<ProfileUpdate> {
  return api(`/api/users/profile/${userId}`, { method: 'PUT', body: change, schema: updateProfileAnswer, auth: true });
}
