import { useState } from 'react';
import type { LookupCandidate } from '@filmlist/shared/api/lookup';
import { useFilmLookup } from '../api/lookup-films';
import { useDebounced } from '../../../lib/use-debounced';

/** How long typing must pause before the film database is asked. */
export const LOOKUP_DEBOUNCE_MS = 250;
/** Shorter titles match too much to be worth a request. */
const MIN_QUERY = 2;

export type LookupState =
  /** nothing to show: too short, chosen, or closed */
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'results'; candidates: LookupCandidate[] }
  | { kind: 'none' }
  /** the film database is off or did not answer: the form goes on by hand */
  | { kind: 'unavailable' };

/**
 * The type-ahead's state (docs/product.md §Film database): the debounced title (and year, when four
 * digits) asked of the lookup once the member types (or presses the down arrow), which candidate
 * the keyboard is on, and whether the list is open. `enabled` false (the film database is off): never asks.
 */
export function useTitleLookup(title: string, year: string, enabled: boolean) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebounced(title.trim(), LOOKUP_DEBOUNCE_MS);
  const yearQuery = useDebounced(/^\d{4}$/.test(year.trim()) ? year.trim() : '', LOOKUP_DEBOUNCE_MS);
  const asking = enabled && open && query.length >= MIN_QUERY;
  const lookup = useFilmLookup(query, yearQuery, asking);
  const candidates = lookup.data?.available ? lookup.data.results : [];

  let state: LookupState = { kind: 'idle' };
  if (lookup.isError || (lookup.data && !lookup.data.available)) state = { kind: 'unavailable' };
  else if (!open || !asking) state = { kind: 'idle' };
  else if (candidates.length > 0) state = { kind: 'results', candidates };
  else if (lookup.isFetching || title.trim() !== query) state = { kind: 'searching' };
  else state = { kind: 'none' };

  const count = state.kind === 'results' ? state.candidates.length : 0;
  return {
    state,
    /** the highlighted candidate's index, -1 for none */
    active: active < count ? active : -1,
    expanded: state.kind === 'results',
    /** typing opens the list again */
    typed: () => {
      setOpen(true);
      setActive(-1);
    },
    close: () => {
      setOpen(false);
      setActive(-1);
    },
    /** ArrowDown / ArrowUp: the next or previous candidate, wrapping; opens a closed list */
    move: (step: 1 | -1) => {
      if (!open) setOpen(true);
      if (count === 0) return;
      setActive((current) => {
        const from = current < count ? current : -1;
        if (from === -1) return step === 1 ? 0 : count - 1;
        return (from + step + count) % count;
      });
    },
    candidateAt: (index: number): LookupCandidate | null => (state.kind === 'results' ? (state.candidates[index] ?? null) : null),
  };
}
