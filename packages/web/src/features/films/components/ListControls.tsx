import { containingCount, filmCount } from '@filmlist/shared/messages';
import { LIST_FILTERS, type ListFilter } from '../list-logic';

export const FILTER_LABELS: Record<ListFilter, string> = {
  all: 'All Films',
  notRated: 'Not Rated',
  notMentioned: 'Not Mentioned',
  notHeardBefore: 'Not Heard Before',
  rated: 'Rated',
};

interface ListControlsProps {
  member: boolean;
  query: string;
  filter: ListFilter;
  /** the filters wait for the member's votes */
  filtersReady: boolean;
  /** how many films match; null while the list loads */
  count: number | null;
  /** how many titles contain the search when none starts with it (§Search) */
  containing: number;
  onSearch: (typed: string) => void;
  onFilter: (filter: ListFilter) => void;
}

/** docs/product.md §Search, §Filters: the search box, and for members the filter buttons, the active one pressed; how many films match. */
export function ListControls({ member, query, filter, filtersReady, count, containing, onSearch, onFilter }: ListControlsProps) {
  return (
    <div className="list-controls">
      <div className="search">
        <label htmlFor="film-search">Search by film title</label>
        <input id="film-search" type="search" autoComplete="off" value={query} onChange={(event) => onSearch(event.target.value)} />
      </div>
      <p className="film-count" aria-live="polite" aria-atomic="true">
        {count === null ? '' : count || !containing ? filmCount(count) : containingCount(containing)}
      </p>
      {member && (
        <div className="filters" role="group" aria-label="Filter films">
          {LIST_FILTERS.map((value) => (
            <button
              key={value}
              type="button"
              className="filter"
              aria-pressed={filter === value}
              disabled={!filtersReady}
              onClick={() => onFilter(value)}
            >
              {FILTER_LABELS[value]}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
