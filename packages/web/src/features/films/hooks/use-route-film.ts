import { useMemo } from 'react';
import type { Film, FilmDetail, ListedFilm } from '@filmlist/shared/api/films';
import { filmDecoder, listedFilmDecoder, parseOrNull } from '../../../lib/decoders';
import { useFilmDetails } from '../../../lib/film-details';

export type RouteFilm =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed'; retry: () => void; retrying: boolean }
  /**
   * `listed`: the row the list passed along (its poster and directors), when it did; `detail`: the
   * film's own answer, when it was asked for. The page's other facts come with its standing.
   */
  | { status: 'ready'; film: Film; listed: ListedFilm | null; detail: FilmDetail | null };

/** The film the list passed along in navigation state, if it is the one in the URL. */
function filmFromState(state: unknown, slug: string): { film: Film; listed: ListedFilm | null } | null {
  if (typeof state !== 'object' || state === null || !('film' in state)) return null;
  const listed = parseOrNull(listedFilmDecoder, state.film);
  const passed = listed ?? parseOrNull(filmDecoder, state.film);
  return passed?.slug === slug ? { film: passed, listed } : null;
}

/** docs/product.md §Film addresses: the film of /films/{filmDetails}, from navigation state without a call, or else asked for by slug. */
export function useRouteFilm(slug: string, state: unknown): RouteFilm {
  const fromState = useMemo(() => filmFromState(state, slug), [state, slug]);
  const details = useFilmDetails(slug, fromState === null);
  if (fromState) return { status: 'ready', film: fromState.film, listed: fromState.listed, detail: null };
  if (details.isPending) return { status: 'loading' };
  // No answer (no connection, a server error: logged) is not "not found": it can be asked again (§Errors).
  if (details.isError) return { status: 'failed', retry: () => void details.refetch(), retrying: details.isFetching };
  // Not found: messages.filmNotFound.
  return details.data ? { status: 'ready', film: details.data, listed: details.data, detail: details.data } : { status: 'missing' };
}
