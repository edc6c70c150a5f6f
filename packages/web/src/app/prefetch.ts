import type { QueryClient } from '@tanstack/react-query';
import { isWholeList, keepFirstFilms, readFirstFilms } from '../features/films/api/first-films';
import { filmListQuery } from '../features/films/api/get-films';
import { myVotesQuery } from '../features/films/api/get-my-votes';
import { readSession } from '../lib/session-storage';

/** The paths whose first view is the ranked list. */
export const listPaths = new Set(['/', '/dashboard']);

/** Sooner than this before it expires, a stored access token is left to the session refresh. */
const TOKEN_MARGIN_MS = 10_000;

/**
 * The first view of / and /dashboard (docs/product.md §Loading the list), set up as the entry script
 * runs, before React renders:
 * - the first films the server wrote into the page go into the cache: as the
 *   list when they are all of it (and no request is made), or else as the
 *   first rows (features/films/api/first-films.ts);
 * - otherwise the full list (for search, the filters and the other pages of
 *   rows) is asked for only after the first rows are painted, so on a slow
 *   link its bytes do not hold them up; with no films in the page it is asked
 *   for at once;
 * - a member's own votes are asked for at once, when the stored token is still
 *   good (an expired one waits for the refresh, as every other call does).
 *
 * Returns what to run once the first frame is painted.
 */
export function prefetchFirstView(pathname: string, doc: Document, queryClient: QueryClient): () => void {
  if (!listPaths.has(pathname)) return () => undefined;
  const session = readSession();
  const userId = session?.user?.user_id;
  if (session && userId !== undefined && session.accessTokenExpiration > Date.now() + TOKEN_MARGIN_MS) {
    void queryClient.prefetchQuery(myVotesQuery(userId));
  }
  const first = readFirstFilms(doc);
  const fetchList = () => void queryClient.prefetchQuery(filmListQuery());
  if (first === null) {
    fetchList();
    return () => undefined;
  }
  keepFirstFilms(queryClient, first);
  return isWholeList(first) ? () => undefined : fetchList;
}
