import { useMemo, useState } from 'react';
import type { Film } from '@filmlist/shared/api/films';
import { useLocation, useNavigate } from '../../../lib/router';
import {
  emptyVotes,
  FEW_MATCHES,
  filmsContaining,
  foldedKeys,
  listSearch,
  listStateIn,
  matchesFilter,
  pageOf,
  searchText,
  titleKeys,
  visibleFilms,
  type ListFilter,
  type Votes,
} from '../list-logic';
import { ranksOf } from '../standing';

/**
 * What the list shows of the films: the search and the filter live in the
 * address (docs/product.md §Filters: reload and Back keep them), each new one from page 1.
 * A visitor has no filter.
 */
export function useListView(films: Film[] | null, votes: Votes | null, member: boolean) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const state = listStateIn(search);
  const query = state.query;
  const filter = member ? state.filter : 'all';
  const [paging, setPaging] = useState({ page: 1, of: '' });
  const pageNumber = paging.of === `${filter}|${query}` ? paging.page : 1;
  // Lower-cased once per list; each keystroke then filters 10,000 titles by string prefix alone.
  const keys = useMemo(() => (films ? titleKeys(films) : []), [films]);
  const ranks = useMemo(() => ranksOf(films ?? []), [films]);
  // Folded once per list too (§Search): the forgiving match then compares strings alone.
  const folded = useMemo(() => (films ? foldedKeys(films) : []), [films]);
  const mine = votes ?? emptyVotes;
  const visible = useMemo(() => (films ? visibleFilms(films, query, filter, mine, keys) : []), [films, keys, query, filter, mine]);
  // With a filter on, a search may match films the filter leaves out: they are on the list, not missing.
  const matchingAll = useMemo(
    () =>
      films && filter !== 'all' && query.trim() !== '' && visible.length === 0 ? visibleFilms(films, query, 'all', mine, keys).length : 0,
    [films, filter, query, visible.length, mine, keys],
  );
  // When the title rule finds few, the titles containing the text anywhere, on the whole list (§Search).
  const containing = useMemo(
    () =>
      films && query.trim() !== '' && visible.length < FEW_MATCHES
        ? filmsContaining(
            films,
            query,
            new Set(visible.map((film) => film.film_id)),
            folded,
            // With a filter on, only the films it keeps: the list below speaks of the filter's films.
            (film) => matchesFilter(filter, mine, film.film_id),
          )
        : [],
    [films, query, visible, folded, filter, mine],
  );
  const go = (nextFilter: ListFilter, nextQuery: string) => navigate(`${pathname}${listSearch(nextFilter, nextQuery)}`, { replace: true });

  return {
    query,
    filter,
    page: pageOf(visible, pageNumber, films?.length ?? 0),
    /** how many films pass the search and the filter */
    count: visible.length,
    ranks,
    /** the films are loaded and none passes the search and the filter */
    empty: films !== null && visible.length === 0,
    /** text is typed and no title on the whole list matches it */
    noMatch: films !== null && query.trim() !== '' && visible.length === 0 && matchingAll === 0,
    /** films that match the search but not the filter (shown only when none passes both) */
    filteredOut: matchingAll,
    /** the films whose titles contain the search anywhere, when the title rule finds few */
    containing,
    search: (typed: string) => go(filter, searchText(typed)),
    changeFilter: (next: ListFilter) => go(next, query),
    showAll: () => go('all', query),
    goToPage: (page: number) => setPaging({ page, of: `${filter}|${query}` }),
  };
}
