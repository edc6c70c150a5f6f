import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { watchlistDecoder, type RankedFilm } from '../../../lib/decoders';
import { queryKeys } from '../../../lib/query-keys';

export interface Watchlist {
  /** newest first */
  films: RankedFilm[];
  /** how many films the ranked list holds ("#rank of ranked_films") */
  ranked_films: number;
}

/** GET /api/me/watchlist (bearer): the member's films to watch later, newest first (docs/product.md §Watchlist). */
export const watchlistQuery = (userId: number | null) =>
  queryOptions({
    queryKey: queryKeys.watchlist(userId),
    queryFn: ({ signal }): Promise<Watchlist> => api('/api/me/watchlist', { schema: watchlistDecoder, auth: true, signal }),
    enabled: userId !== null,
    meta: { failure: 'Loading your watchlist failed' },
  });

export const useWatchlist = (userId: number | null) => useQuery(watchlistQuery(userId));

const savedIds = (watchlist: Watchlist): ReadonlySet<number> => new Set(watchlist.films.map((film) => film.film_id));

/** The ids of the films on the member's watchlist; null until it is loaded (and for a visitor). */
export function useSavedIds(userId: number | null): ReadonlySet<number> | null {
  const query = useQuery({ ...watchlistQuery(userId), select: savedIds });
  // A watchlist that failed to load (logged) counts as empty: Save still works, and refreshes it.
  return query.data ?? (query.isError ? NOTHING_SAVED : null);
}

const NOTHING_SAVED: ReadonlySet<number> = new Set();
