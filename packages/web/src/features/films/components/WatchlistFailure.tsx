import { Isolated } from '../../../components/Isolated';
import type { Film } from '@filmlist/shared/api/films';

/** A save or removal that did not happen, said at once (an alert) until dismissed; the Save button is back as it was. */
export function WatchlistFailure({ failure, onDismiss }: { failure: { film: Film; text: string } | null; onDismiss: () => void }) {
  return (
    <div className="watchlist-failure-region">
      {failure && (
        <div className="vote-notice failed" role="alert">
          <p>
            <Isolated text={failure.text} title={failure.film.title} />
          </p>
          <button type="button" className="act quiet" onClick={onDismiss}>
            <span className="act-label">Dismiss</span>
          </button>
        </div>
      )}
    </div>
  );
}
