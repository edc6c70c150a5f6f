import { profileAnswer, type PublicUser } from '@filmlist/shared/api/users';
import { api } from '../../../lib/api-client';

/** GET /api/users/profile/{username}; the email comes only to the owner, who sends the bearer. */
export async function getProfile(username: string, signal?: AbortSignal): Promise<PublicUser> {
  const answer = await api(`/api/users/profile/${encodeURIComponent(username)}`, { schema: profileAnswer, auth: true, signal });
  return answer.user;
}
