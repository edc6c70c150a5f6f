import { useDeferredValue } from 'react';
import type { Film } from '@filmlist/shared/api/films';
import { useFirstFilms, type FirstFilms } from '../api/first-films';
import { useFilms } from '../api/get-films';
import { emptyVotes, type Votes } from '../list-logic';
import { useMemberVotes } from './use-member-votes';

export interface FilmListState {
  /** null until loaded */
  films: Film[] | null;
  /** until then, the list's first films as the page came with them (docs/product.md §Loading the list), or null */
  first: FirstFilms | null;
  /** the member's answers; null until loaded (always empty for visitors, and after a failed load) */
  votes: Votes | null;
  failed: boolean;
  /** the rows shown are from the latest answer (the deferred list has caught up) */
  current: boolean;
  /** asks for the list again after a failed load, and whether that is under way */
  retry: () => void;
  retrying: boolean;
}

/** The ranked films and, for a member (`userId`), their own votes (§Ranking order). */
export function useFilmList(userId: number | null, member: boolean): FilmListState {
  const films = useFilms();
  // Taken as the page mounts: they stand in until the deferred list has caught up.
  const first = useFirstFilms();
  const mine = useMemberVotes(member ? userId : null);
  // Deferred: React builds a new list's rows in an interruptible render, so a first load
  // of a long list does not hold the main thread in one long task.
  const list = useDeferredValue(films.data ?? null);
  const retry = () => void films.refetch();
  return {
    films: list,
    first: list === null ? first : null,
    votes: member ? mine : emptyVotes,
    failed: films.isError,
    current: list === (films.data ?? null),
    retry,
    retrying: films.isFetching,
  };
}
