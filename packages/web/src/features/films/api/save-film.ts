import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Film } from '@filmlist/shared/api/films';
import { api } from '../../../lib/api-client';
import { watchlistEntryDecoder } from '../../../lib/decoders';
import { queryKeys } from '../../../lib/query-keys';
import type { Watchlist } from './get-watchlist';

export interface SaveInput {
  film: Film;
  /** true: put it on the watchlist; false: take it off */
  save: boolean;
}

/** The watchlist as it is once `input` is done: a saved film goes first (newest first), with its rank as the list last showed it. */
function withChange(watchlist: Watchlist, { film, save }: SaveInput, rank: number, now: Date): Watchlist {
  const others = watchlist.films.filter((saved) => saved.film_id !== film.film_id);
  if (!save) return { ...watchlist, films: others };
  const already = watchlist.films.find((saved) => saved.film_id === film.film_id);
  if (already) return watchlist;
  return { ...watchlist, films: [{ ...film, rank, added_at: now.toISOString() }, ...others] };
}

/**
 * PUT or DELETE /api/me/watchlist/{film_id}. The watchlist in the cache changes at once, and goes back
 * to what it was if the server refuses (a full watchlist: messages.watchlistFull) or cannot be reached;
 * either way it is read again afterwards.
 */
export function useSaveFilm(userId: number | null) {
  const client = useQueryClient();
  const key = queryKeys.watchlist(userId);
  return useMutation({
    mutationFn: async ({ film, save }: SaveInput): Promise<void> => {
      const path = `/api/me/watchlist/${film.film_id}`;
      if (save) await api(path, { method: 'PUT', schema: watchlistEntryDecoder, auth: true });
      else await api(path, { method: 'DELETE', schema: { parse: () => null }, auth: true });
    },
    onMutate: async (input) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<Watchlist>(key);
      const listed = client.getQueryData<Film[]>(queryKeys.filmList) ?? [];
      const rank = listed.findIndex((film) => film.film_id === input.film.film_id) + 1;
      const base = before ?? { films: [], ranked_films: listed.length };
      client.setQueryData<Watchlist>(key, withChange(base, input, rank > 0 ? rank : base.ranked_films, new Date()));
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) client.setQueryData(key, context.before);
      else client.removeQueries({ queryKey: key, exact: true });
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
    meta: { failure: 'Changing the watchlist failed' },
  });
}
