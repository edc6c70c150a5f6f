import { useMemo } from 'react';
import type { Film } from '@filmlist/shared/api/films';
import { filmDecoder } from '../../../lib/decoders';
import { useFilmDetails } from '../../../lib/film-details';

export type RouteFilm =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed'; retry: () => void; retrying: boolean }
  | { status: 'ready'; film: Film };

/** The film the list passed along in navigation state, if it is the one in the URL. */
function filmFromState(state: unknown, slug: string): Film | null {
  if (typeof state !== 'object' || state === null || !('film' in state)) return null;
  const parsed = filmDecoder.safeParse(state.film);
  return parsed.success && parsed.data.slug === slug ? parsed.data : null;
}

/** SPEC §2: the film of /films/{filmDetails}, from navigation state without a call, or else asked for by slug. */
export function useRouteFilm(slug: string, state: unknown): RouteFilm {
  const fromState = useMemo(() => filmFromState(state, slug), [state, slug]);
  const details = useFilmDetails(slug, fromState === null);
  if (fromState) return { status: 'ready', film: fromState };
  if (details.isPending) return { status: 'loading' };
  // No answer (no connection, a server error: logged) is not "not found": it can be asked again (issue 17).
  if (details.isError) return { status: 'failed', retry: () => void details.refetch(), retrying: details.isFetching };
  // Not found: the spec's message.
  return details.data ? { status: 'ready', film: details.data } : { status: 'missing' };
}
