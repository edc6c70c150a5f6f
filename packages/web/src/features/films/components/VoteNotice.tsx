import { useEffect } from 'react';
import type { VoteOutcome } from '../hooks/use-vote-actions';

/** How long a vote's confirmation stays on screen; a failure stays until dismissed or retried. */
const SHOWN_MS = 8000;

/**
 * What the last vote did (issue 17), in a polite live region that is always
 * in the page, so the text is announced when it arrives: "You rated Aftersun
 * 8/10. It is now #5 of 30.", or that it was not saved, with Try again.
 */
export function VoteNotice({ outcome, onDismiss }: { outcome: VoteOutcome | null; onDismiss: () => void }) {
  useEffect(() => {
    if (!outcome?.ok) return;
    const timer = window.setTimeout(onDismiss, SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [outcome, onDismiss]);

  return (
    <div className="vote-notice-region" role="status" aria-live="polite">
      {outcome && (
        <div className={outcome.ok ? 'vote-notice' : 'vote-notice failed'}>
          <p>{outcome.text}</p>
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
