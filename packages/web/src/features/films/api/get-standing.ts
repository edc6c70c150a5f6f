import { useQuery } from '@tanstack/react-query';
import type { StandingDetail } from '@filmlist/shared/api/standing';
import { api } from '../../../lib/api-client';
import { standingDecoder } from '../../../lib/decoders';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /api/films/standing?slug=...: a film's rank, its four counters, the score's two halves and its ratings per value
 * (docs/product.md §Standing).
 */
export async function getStanding(slug: string, signal?: AbortSignal): Promise<StandingDetail> {
  const answer = await api('/api/films/standing', { query: { slug }, schema: standingDecoder, ...(signal ? { signal } : {}) });
  return answer.standing;
}

/** A film's standing, for its page; read again after a vote on it. */
export const useStanding = (slug: string | null) =>
  useQuery({
    queryKey: queryKeys.filmStanding(slug ?? ''),
    queryFn: ({ signal }) => getStanding(slug ?? '', signal),
    enabled: slug !== null,
    meta: { failure: 'Loading the standing failed' },
  });
