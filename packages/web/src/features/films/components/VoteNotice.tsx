import { useEffect, type ReactNode } from 'react';
import { Isolated } from '../../../components/Isolated';
import type { VoteOutcome } from '../hooks/use-vote-actions';

/** How long a vote's confirmation stays on screen; a failure stays until dismissed or retried. */
const SHOWN_MS = 8000;

/**
 * What the last vote did (docs/product.md §Voting on the list), in a polite live region that is always
 * in the page, so the text is announced when it arrives: "You rated Aftersun
 * 8/10. It is now #5 of 30.", or that it was not saved, with Try again. An offer in it (`children`,
 * §Watchlist) keeps it on screen until it is taken or dismissed: no control goes away on a timer.
 */
export function VoteNotice({
  outcome,
  onDismiss,
  waiting = false,
  children,
}: {
  outcome: VoteOutcome | null;
  onDismiss: () => void;
  /** an offer in the notice waits for an answer */
  waiting?: boolean;
  children?: ReactNode;
}) {
  useEffect(() => {
    if (!outcome?.ok || waiting) return;
    const timer = window.setTimeout(onDismiss, SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [outcome, onDismiss, waiting]);

  return (
    <div className="vote-notice-region" role="status" aria-live="polite">
      {outcome && (
        <div className={outcome.ok ? 'vote-notice' : 'vote-notice failed'}>
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
