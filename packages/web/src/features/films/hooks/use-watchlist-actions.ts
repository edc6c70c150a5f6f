import { useCallback } from 'react';
import type { Film } from '@filmlist/shared/api/films';
import { watchlistChangeFailed } from '@filmlist/shared/messages';
import { ApiError } from '../../../lib/api-client';
import { useSavedIds } from '../api/get-watchlist';
import { useSaveFilm } from '../api/save-film';

/**
 * What a page needs to save films (docs/product.md §Watchlist): which are saved, a stable toggle (so memoised rows
 * are not rendered again), and what went wrong with the last change: the server's own words for a full watchlist,
 * otherwise which film was not saved or taken off. The cache has gone back by then.
 */
export function useWatchlistActions(userId: number | null) {
  const saved = useSavedIds(userId);
  const { mutate, error, variables, reset } = useSaveFilm(userId);
  const toggle = useCallback((film: Film, save: boolean) => mutate({ film, save }), [mutate]);
  const failure =
    error && variables
      ? {
          film: variables.film,
          text:
            error instanceof ApiError && error.status === 409 ? error.message : watchlistChangeFailed(variables.film.title, variables.save),
        }
      : null;
  return { saved, toggle, failure, dismissFailure: reset };
}
