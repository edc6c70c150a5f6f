import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client';
import { filmExistsDecoder } from '../../../lib/decoders';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/films/checkfilm: is this title and year already on the list? */
export async function checkFilmExists(title: string, releaseYear: string, signal?: AbortSignal): Promise<boolean> {
  const answer = await api('/api/films/checkfilm', {
    query: { title: title.trim(), release_year: releaseYear.trim() },
    schema: filmExistsDecoder,
    signal,
  });
  return answer.exists;
}

/**
 * The duplicate check both add-film forms run (docs/product.md §Add-film rules): a submit asks afresh
 * (stale at once); while the member types, an answer is kept for 30 s (useFilmExists).
 */
export const filmExistsQuery = (title: string, releaseYear: string) =>
  queryOptions({
    queryKey: queryKeys.filmExists(title.trim(), releaseYear.trim()),
    queryFn: ({ signal }) => checkFilmExists(title, releaseYear, signal),
    staleTime: 0,
  });

/** The duplicate check as a submit runs it. */
export function useCheckFilmExists(): (title: string, releaseYear: string) => Promise<boolean> {
  const client = useQueryClient();
  return useCallback((title: string, releaseYear: string) => client.fetchQuery(filmExistsQuery(title, releaseYear)), [client]);
}

/**
 * The same check while the member types (docs/product.md §Add-film rules): asked once the title and a
 * four-digit year are there, for what was typed (debounced by the caller).
 */
export const useFilmExists = (title: string, releaseYear: string, enabled: boolean) =>
  useQuery({ ...filmExistsQuery(title, releaseYear), enabled, staleTime: 30_000 });
