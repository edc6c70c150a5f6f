import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyVotes } from '@filmlist/shared/api/votes';
import { api } from '../../../lib/api-client';
import { myVotesDecoder } from '../../../lib/decoders';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/me/votes: all of the member's own mentions and ratings in one call. */
export function getMyVotes(signal?: AbortSignal): Promise<MyVotes> {
  return api('/api/me/votes', { schema: myVotesDecoder, auth: true, ...(signal ? { signal } : {}) });
}

/** The member's votes, one answer shared by the list and the details page (and asked for before React renders on the list's pages). */
export const myVotesQuery = (userId: number | null) =>
  queryOptions({
    queryKey: queryKeys.memberVotes(userId),
    queryFn: ({ signal }) => getMyVotes(signal),
    enabled: userId !== null,
    meta: { failure: 'Loading your votes failed' },
  });

/** None asked for without a member. */
export const useMyVotes = (userId: number | null) => useQuery(myVotesQuery(userId));
