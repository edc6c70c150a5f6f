import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Film } from '@filmlist/shared/api/films';
import { api } from '../../../lib/api-client';
import { filmListDecoder } from '../../../lib/decoders';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/films/allfilms: every film, already ranked by the server. */
export async function getFilms(signal?: AbortSignal): Promise<Film[]> {
  const answer = await api('/api/films/allfilms', { schema: filmListDecoder, ...(signal ? { signal } : {}) });
  return answer.films;
}

/** The ranked list, shared by the home page and the dashboard (and prefetched before React renders). */
export const filmListQuery = () =>
  queryOptions({ queryKey: queryKeys.filmList, queryFn: ({ signal }) => getFilms(signal), meta: { failure: 'Loading the films failed' } });

export const useFilms = () => useQuery(filmListQuery());
