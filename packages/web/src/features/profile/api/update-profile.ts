import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@filmlist/shared/api/users';
import { api } from '../../../lib/api-client';
import { profileUpdateDecoder } from '../../../lib/decoders';
import { useAuth } from '../../../lib/auth';
import { queryKeys } from '../../../lib/query-keys';

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
  return api(`/api/users/profile/${userId}`, { method: 'PUT', body: change, schema: profileUpdateDecoder, auth: true });
}

/**
 * A change to the signed-in member's profile. The answer is the profile as the
 * server now holds it: it replaces the cached profile and the session's copy.
 */
export function useUpdateProfile() {
  const client = useQueryClient();
  const { user, setUser } = useAuth();
  return useMutation({
    mutationFn: (change: ProfileChange) => {
      if (!user) throw new Error('Not signed in');
      return updateProfile(user.user_id, change);
    },
    onSuccess: (answer) => {
      client.setQueryData(queryKeys.profile(answer.user.username), { ...answer.user, pendingEmail: answer.pendingEmail });
      setUser(answer.user);
    },
  });
}
