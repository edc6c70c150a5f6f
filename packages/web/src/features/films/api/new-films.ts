import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { newFilmsDecoder, type RankedFilm } from '../../../lib/decoders';
import { queryKeys } from '../../../lib/query-keys';

export interface NewFilms {
  films: RankedFilm[];
  /** a member has answered every new film (there were some) */
  all_answered: boolean;
}

/**
 * GET /api/films/new: the shelf "New on the list: help rank these" (docs/product.md §New films). With a
 * member's bearer it leaves out what they have answered; a vote refreshes it with the rest of the films' answers.
 */
export const newFilmsQuery = (userId: number | null) =>
  queryOptions({
    queryKey: queryKeys.newFilms(userId),
    queryFn: ({ signal }): Promise<NewFilms> => api('/api/films/new', { schema: newFilmsDecoder, auth: userId !== null, signal }),
    meta: { failure: 'Loading the new films failed' },
  });

export const useNewFilms = (userId: number | null, enabled: boolean) => useQuery({ ...newFilmsQuery(userId), enabled });
