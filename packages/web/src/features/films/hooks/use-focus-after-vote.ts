import { useCallback, useEffect, useRef, type RefObject } from 'react';

/**
 * The table is replaced while a vote is processed; once it is back (and no
 * share pop-up is open) the film's row, in its new place, is brought to the
 * middle of the screen and focus returns to its button, or else to `fallback`
 * (the film may have left the filtered list).
 */
export function useFocusAfterVote(busy: boolean, fallback: RefObject<HTMLElement | null>): (focusKey: string) => void {
  const focusAfter = useRef<string | null>(null);
  useEffect(() => {
    if (busy || !focusAfter.current) return;
    const target = document.querySelector<HTMLElement>(`[data-focus-key="${focusAfter.current}"]`);
    focusAfter.current = null;
    if (target && !target.hasAttribute('disabled')) {
      target.closest('tr')?.scrollIntoView?.({ block: 'center' });
      target.focus({ preventScroll: true });
    } else fallback.current?.focus();
  }, [busy, fallback]);
  return useCallback((focusKey: string) => {
    focusAfter.current = focusKey;
  }, []);
}
