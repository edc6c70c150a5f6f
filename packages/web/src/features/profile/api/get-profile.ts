import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@filmlist/shared/api/users';
import { api } from '../../../lib/api-client';
import { profileDecoder } from '../../../lib/decoders';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/users/profile/{username}; the email comes only to the owner, who sends the bearer. */
export async function getProfile(username: string, signal?: AbortSignal): Promise<PublicUser> {
  const answer = await api(`/api/users/profile/${encodeURIComponent(username)}`, { schema: profileDecoder, auth: true, signal });
  return answer.user;
}

/** The member's own profile; a failed load is only logged (the session's copy is shown meanwhile). */
export const useProfile = (username: string) =>
  useQuery({
    queryKey: queryKeys.profile(username),
    queryFn: ({ signal }) => getProfile(username, signal),
    enabled: username !== '',
    meta: { failure: 'Profile load failed' },
  });
