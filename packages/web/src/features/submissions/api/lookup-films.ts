import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LookupAnswer } from '@filmlist/shared/api/lookup';
import { api } from '../../../lib/api-client';
import { lookupDecoder } from '../../../lib/decoders';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /api/films/lookup?query=…&year=…: the film database's films for a typed title
 * (docs/product.md §Film database). `year` '' when the member has not typed one.
 */
export async function lookupFilms(query: string, year: string, signal?: AbortSignal): Promise<LookupAnswer> {
  return api('/api/films/lookup', { query: year ? { query, year } : { query }, schema: lookupDecoder, auth: true, signal });
}

/**
 * The type-ahead's candidates for what was typed (already debounced by the caller). A newer query
 * replaces an older one: the older request is aborted once nothing observes it, and the last
 * candidates stay on screen until the new ones arrive.
 */
export const useFilmLookup = (query: string, year: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.filmLookup(query, year),
    queryFn: ({ signal }) => lookupFilms(query, year, signal),
    enabled,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
