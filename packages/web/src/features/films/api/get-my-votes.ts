import type { MyVotes } from '@filmlist/shared/api/votes';
import { api } from '../../../lib/api-client';
import { myVotesDecoder } from '../../../lib/decoders';

/** GET /api/me/votes: all of the member's own mentions and ratings in one call. */
export function getMyVotes(signal?: AbortSignal): Promise<MyVotes> {
  return api('/api/me/votes', { schema: myVotesDecoder, auth: true, ...(signal ? { signal } : {}) });
}
