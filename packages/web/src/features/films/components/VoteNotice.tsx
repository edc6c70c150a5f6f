import { useEffect, useRef, type ReactNode } from 'react';
import { Isolated } from '../../../components/Isolated';
import type { VoteOutcome } from '../hooks/use-vote-actions';

/** What a notice says, and of which film: a vote's outcome, or another change with an offer in it (a watchlist's removal and its Undo). */
export type Notice = Pick<VoteOutcome, 'film' | 'text'> & ({ ok: true } | { ok: false; retry: () => void });

/** How long a vote's notice stays on screen once nobody is on it; a failure stays until dismissed or retried. */
export const SHOWN_MS = 8000;

/**
 * What the last vote did (docs/product.md §Voting on the list), in a polite live region that is always
 * in the page, so the text is announced when it arrives: "You rated Aftersun
 * 8/10. It is now #5 of 30.", or that it was not saved, with Try again. A newer vote's notice takes the
 * place of the last one. A notice that went well goes after SHOWN_MS, an offer in it (`children`, §Watchlist)
 * too, as the row's own Save does the same; never while the pointer rests on it or a keyboard's focus is in
 * it, and its time starts again when they leave, so a keyboard or screen-reader user can reach its buttons and
 * the focus is never taken from under anyone.
 */
export function VoteNotice({ outcome, onDismiss, children }: { outcome: Notice | null; onDismiss: () => void; children?: ReactNode }) {
  const notice = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = notice.current;
    if (!outcome?.ok || !element) return;
    let timer = 0;
    let pointer = false;
    // Focus a tap or a click left on one of its buttons does not hold it: only a keyboard's focus does
    // (on a phone the tapped Save kept the notice over the rows for good).
    let tapped = false;
    const start = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const focusHolds = element.contains(document.activeElement) && !tapped;
        if (!pointer && !focusHolds) onDismiss();
      }, SHOWN_MS);
    };
    // A touch leaves no pointer resting on the notice: only a mouse or a pen holds it.
    const hover = (event: PointerEvent) => {
      if (event.pointerType === 'touch') return;
      pointer = event.type === 'pointerenter';
      start();
    };
    const off = new AbortController();
    const options = { signal: off.signal };
    element.addEventListener('pointerenter', hover, options);
    element.addEventListener('pointerleave', hover, options);
    element.addEventListener('focusout', start, options);
    element.addEventListener('pointerdown', () => (tapped = true), options);
    element.addEventListener('keydown', () => (tapped = false), options);
    start();
    return () => {
      off.abort();
      window.clearTimeout(timer);
    };
  }, [outcome, onDismiss]);

  return (
    <div className="vote-notice-region" role="status" aria-live="polite">
      {outcome && (
        <div ref={notice} className={outcome.ok ? 'vote-notice' : 'vote-notice failed'}>
          <p>
            <Isolated text={outcome.text} title={outcome.film.title} />
          </p>
          {children}
          {!outcome.ok && (
            <button type="button" className="act lead" onClick={outcome.retry}>
              <span className="act-label">Try again</span>
            </button>
          )}
          <button type="button" className="act quiet" onClick={onDismiss}>
            <span className="act-label">Dismiss</span>
          </button>
        </div>
      )}
    </div>
  );
}
