interface LoadFailureProps {
  /** what failed, in the words of messages.ts */
  message: string;
  /** asks again */
  onRetry: () => void;
  /** the new attempt is under way */
  retrying: boolean;
  /** said below the message, e.g. when to come back after too many requests */
  note?: string | null;
  className?: string;
}

/**
 * A load that failed for a reason that may pass (no connection, a server
 * error, too many requests): said as an alert, with a way out, "Try again".
 */
export function LoadFailure({ message, onRetry, retrying, note, className }: LoadFailureProps) {
  return (
    <div className={['load-failure', className].filter(Boolean).join(' ')} role="alert">
      <p className="error">{message}</p>
      {note && <p className="hint">{note}</p>}
      <button type="button" className="secondary" disabled={retrying} onClick={onRetry}>
        {retrying ? 'Processing...' : 'Try again'}
      </button>
    </div>
  );
}
