import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Film } from '@filmlist/shared/api/films';
import type { StandingDetail } from '@filmlist/shared/api/standing';
import { api } from '../../../lib/api-client';
import { filmListDecoder } from '../../../lib/decoders';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /api/films/allfilms: every film, already ranked by the server, and the
 * list's version (its ETag). With `version`, the list at that version or a
 * newer one, under an address of its own that shared caches keep once per
 * version (docs/product.md §Live list).
 */
export async function getFilms(signal?: AbortSignal, version?: string): Promise<{ films: Film[]; version: string | null }> {
  let etag: string | null = null;
  const answer = await api('/api/films/allfilms', {
    schema: filmListDecoder,
    ...(version === undefined ? {} : { query: { v: version } }),
    ...(signal ? { signal } : {}),
    onHeaders: (headers) => {
      etag = headers.get('etag');
    },
  });
  return { films: answer.films, version: etag };
}

/** The version of the list each cache holds, as its answer said: the live list asks for a version only when it differs. */
const heldVersions = new WeakMap<QueryClient, string>();
/** The list in `client` is at `version` (the page's whole list, which came with it). */
export function holdListVersion(client: QueryClient, version: string): void {
  heldVersions.set(client, version);
}

/** A version the live list heard of: the next read of the list asks for it (once). */
const wantedVersions = new WeakMap<QueryClient, string>();

/**
 * The ranked list, shared by the home page and the dashboard (and prefetched
 * before React renders). Once it is in, the page's first films are done with:
 * a later load of the list, after the cache has let it go, waits for the server.
 */
export const filmListQuery = () =>
  queryOptions({
    queryKey: queryKeys.filmList,
    queryFn: async ({ signal, client }) => {
      const wanted = wantedVersions.get(client);
      wantedVersions.delete(client);
      const { films, version } = await getFilms(signal, wanted);
      if (version === null) heldVersions.delete(client);
      else heldVersions.set(client, version);
      client.removeQueries({ queryKey: queryKeys.firstFilms, exact: true });
      return films;
    },
    meta: { failure: 'Loading the films failed' },
  });

export const useFilms = () => useQuery(filmListQuery());

/**
 * Where a film stands: its 1-based rank and how many films there are, or null. From the list as last loaded
 * while that is current; after a vote on a page that does not show the list (a film's page), the list in the
 * cache is stale and not read again, and the film's own standing, which the vote did read again, says it.
 */
export function useListedPlace(): (film: { film_id: number; slug: string }) => { rank: number; films: number } | null {
  const client = useQueryClient();
  return (film) => {
    const list = client.getQueryState<Film[]>(filmListQuery().queryKey);
    if (list?.data && !list.isInvalidated) {
      const index = list.data.findIndex((listed) => listed.film_id === film.film_id);
      return index < 0 ? null : { rank: index + 1, films: list.data.length };
    }
    const standing = client.getQueryState<StandingDetail>(queryKeys.filmStanding(film.slug));
    return standing?.data && !standing.isInvalidated ? { rank: standing.data.rank, films: standing.data.films } : null;
  };
}

/**
 * Brings a page's list to `version`, announced by the live list
 * (docs/product.md §Live list): the list is read again by that version's own
 * address, the same for every page told of it (so a shared cache answers them
 * all with one request), unless the cache holds that version already or no
 * page shows the list. A read already under way is waited for rather than cut
 * short (it may be a vote's), and the version asked for after it if that read
 * did not bring it. A read by the version's address brings it or a newer one,
 * and is not repeated. Resolves to whether the list shown changed.
 */
export async function refreshListTo(client: QueryClient, version: string): Promise<boolean> {
  const { queryKey } = filmListQuery();
  const before = client.getQueryData(queryKey);
  const shown = client.getQueryCache().find({ queryKey, exact: true })?.getObserversCount() ?? 0;
  if (heldVersions.get(client) === version || shown === 0) return false;
  for (let attempt = 0; attempt < 2 && heldVersions.get(client) !== version; attempt += 1) {
    wantedVersions.set(client, version);
    await client.refetchQueries({ queryKey, exact: true, type: 'active' }, { cancelRefetch: false });
    // The read took the version (or a newer one asked for since): its answer is that version or newer.
    if (wantedVersions.get(client) !== version) break;
  }
  if (wantedVersions.get(client) === version) wantedVersions.delete(client);
  return client.getQueryData(queryKey) !== before;
}
