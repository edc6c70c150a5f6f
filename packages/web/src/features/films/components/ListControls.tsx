import { useState } from 'react';
import { containingCount, filmCount } from '@filmlist/shared/messages';
import { titleCaseInPlace } from '../../../lib/title-case-input';
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
  // The box holds its own text, so a letter typed in the middle stays there: the search reaches the
  // address a moment later, and a box bound to the address would be rewritten with the caret at the end.
  // A search that comes from elsewhere (Back, a link) replaces it; the address keeps the search in lower
  // case, so the same text coming back from it is not a new search.
  const [text, setText] = useState(query);
  const [shown, setShown] = useState(query);
  if (query !== shown) {
    setShown(query);
    if (query.toLowerCase() !== text.toLowerCase()) setText(query);
  }
  return (
    <div className="list-controls">
      <div className="search">
        <label htmlFor="film-search">Search by film title</label>
        <input
          id="film-search"
          type="search"
          autoComplete="off"
          value={text}
          onChange={(event) => {
            const typed = titleCaseInPlace(event.target);
            setText(typed);
            onSearch(typed);
          }}
        />
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
