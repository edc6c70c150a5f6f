import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { newFilmsDecoder, type RankedFilm } from '../../../lib/decoders';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /api/films/new: the shelf "New on the list: help rank these" (docs/product.md §New films). With a
 * member's bearer it leaves out what they have answered; a vote refreshes it with the rest of the films' answers.
 */
export const newFilmsQuery = (userId: number | null) =>
  queryOptions({
    queryKey: queryKeys.newFilms(userId),
    queryFn: async ({ signal }): Promise<RankedFilm[]> =>
      (await api('/api/films/new', { schema: newFilmsDecoder, auth: userId !== null, signal })).films,
    meta: { failure: 'Loading the new films failed' },
  });

export const useNewFilms = (userId: number | null, enabled: boolean) => useQuery({ ...newFilmsQuery(userId), enabled });
