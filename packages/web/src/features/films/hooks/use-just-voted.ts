import { useEffect, useState } from 'react';
import type { VoteOutcome } from './use-vote-actions';

const LIT_MS = 2600;

/** The film a vote has just been saved for, once its row is back in the list: lit up for a moment (docs/product.md §Voting on the list). */
export function useJustVoted(outcome: VoteOutcome | null, rowsShown: boolean): number | null {
  const [lit, setLit] = useState<number | null>(null);
  useEffect(() => {
    if (!outcome?.ok || !rowsShown) return;
    setLit(outcome.filmId);
    const timer = window.setTimeout(() => setLit(null), LIT_MS);
    return () => window.clearTimeout(timer);
  }, [outcome, rowsShown]);
  return lit;
}
