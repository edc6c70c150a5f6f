import { useState } from 'react';
import type { LookupCandidate, ListedRef } from '@filmlist/shared/api/lookup';

/** A film already on the list or awaiting review, found while typing: the form says so instead of sending a duplicate. */
export type Duplicate = { kind: 'listed'; film: ListedRef } | { kind: 'pending'; title: string };

/**
 * A form's link to the film database (docs/product.md §Film database): the entry chosen from the
 * type-ahead (or the one the film or submission already had), and a duplicate the choice revealed.
 */
export function useFilmLink(initialTmdbId: number | null) {
  const [tmdbId, setTmdbId] = useState(initialTmdbId);
  const [chosen, setChosen] = useState<LookupCandidate | null>(null);
  const [duplicate, setDuplicate] = useState<Duplicate | null>(null);
  return {
    tmdbId,
    /** the link differs from the one the form started with: send it */
    changed: tmdbId !== initialTmdbId,
    /** the candidate chosen in this form, with its poster, directors and overview */
    chosen,
    duplicate,
    choose: (candidate: LookupCandidate) => {
      setTmdbId(candidate.tmdb_id);
      setChosen(candidate);
      setDuplicate(null);
    },
    found: (found: Duplicate) => setDuplicate(found),
    /** the title was typed over: the chosen entry may not be this film any more */
    typedOver: () => {
      setDuplicate(null);
      if (chosen === null) return;
      setChosen(null);
      setTmdbId(initialTmdbId);
    },
    unlink: () => {
      setTmdbId(null);
      setChosen(null);
      setDuplicate(null);
    },
  };
}

export type FilmLink = ReturnType<typeof useFilmLink>;
