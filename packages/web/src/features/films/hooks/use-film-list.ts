import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { Film } from '@filmlist/shared/api/films';
import { getFilms } from '../api/get-films';
import { getMyVotes } from '../api/get-my-votes';
import { emptyVotes, type Votes } from '../list-logic';

export interface FilmListState {
  /** null until loaded */
  films: Film[] | null;
  /** the member's answers; null until loaded (always empty for visitors) */
  votes: Votes | null;
  failed: boolean;
  reload: () => Promise<void>;
}

/** One call for the ranked films and, for members, one for their own votes (PRODUCT.md §4). */
export function useFilmList(member: boolean): FilmListState {
  const [films, setFilms] = useState<Film[] | null>(null);
  const [votes, setVotes] = useState<Votes | null>(member ? null : emptyVotes);
  const [failed, setFailed] = useState(false);
  const live = useRef(true);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      const votesCall: Promise<Votes> = member
        ? getMyVotes(signal).catch((error: unknown) => {
            if (!signal?.aborted) console.error('Loading your votes failed', error);
            return emptyVotes;
          })
        : Promise.resolve(emptyVotes);
      try {
        const list = await getFilms(signal);
        if (signal?.aborted || !live.current) return;
        // A transition: React builds the rows in slices of a few milliseconds, so a first
        // load of a long list does not hold the main thread in one long task.
        startTransition(() => {
          setFilms(list);
          setFailed(false);
        });
      } catch (error) {
        if (signal?.aborted || !live.current) return;
        console.error('Loading the films failed', error);
        setFailed(true);
      }
      const mine = await votesCall;
      if (!signal?.aborted && live.current) setVotes(mine);
    },
    [member],
  );

  useEffect(() => {
    live.current = true;
    const controller = new AbortController();
    void load(controller.signal);
    return () => {
      live.current = false;
      controller.abort();
    };
  }, [load]);

  const reload = useCallback(() => load(), [load]);
  return { films, votes, failed, reload };
}
