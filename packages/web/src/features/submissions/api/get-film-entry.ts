import { useQuery } from '@tanstack/react-query';
import type { EntryAnswer } from '@filmlist/shared/api/lookup';
import { api } from '../../../lib/api-client';
import { appConfig } from '../../../lib/app-config';
import { entryDecoder } from '../../../lib/decoders';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/films/entry?tmdb_id=…: one film database entry as the database has it (reviewers only). */
export async function getFilmEntry(tmdbId: number, signal?: AbortSignal): Promise<EntryAnswer> {
  return api('/api/films/entry', { query: { tmdb_id: String(tmdbId) }, schema: entryDecoder, auth: true, signal });
}

/**
 * The entry a reviewer's form is linked to (docs/product.md §Film database): its own title, year,
 * poster and offers, while the film database is on. Undefined while it loads or when it cannot be
 * read: the form goes on without it.
 */
export function useFilmEntry(tmdbId: number | null) {
  const query = useQuery({
    queryKey: queryKeys.filmEntry(tmdbId ?? 0),
    queryFn: ({ signal }) => getFilmEntry(tmdbId ?? 0, signal),
    enabled: appConfig.filmDatabase && tmdbId !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return tmdbId === null ? undefined : query.data;
}
