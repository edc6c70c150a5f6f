import { useCallback, useRef, useState } from 'react';
import { messages } from '@filmlist/shared/messages';
import { Isolated, type TitledText } from '../../../components/Isolated';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useReviewQueue, type Queue } from '../hooks/use-review-queue';
import { QueueItem } from './QueueItem';
import { ReviewHistory } from './ReviewHistory';

/**
 * /master: every pending submission, oldest first, decided in place (docs/product.md §Review queue), beside the history of decisions
 * (§Reviewer tools).
 */
export default function ReviewQueuePage() {
  useDocumentTitle('Review Queue');
  const { queue, remove, forbid } = useReviewQueue();
  const [status, setStatus] = useState<TitledText | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);

  const decided = useCallback(
    (submissionId: number, notice: TitledText) => {
      remove(submissionId);
      setStatus(notice);
      // The decided item is gone; focus goes to the message that says what happened.
      statusRef.current?.focus();
    },
    [remove],
  );

  return (
    <section className="review-queue">
      <h1>Review Queue</h1>
      <p className="success form-message" role="status" tabIndex={-1} ref={statusRef}>
        {status && <Isolated {...status} />}
      </p>
      {queue.state === 'forbidden' ? (
        <QueueBody queue={queue} onDecided={decided} onForbidden={forbid} />
      ) : (
        <div className="review-columns">
          <section aria-labelledby="queue-heading">
            <h2 id="queue-heading">Waiting for Review</h2>
            <QueueBody queue={queue} onDecided={decided} onForbidden={forbid} />
          </section>
          <ReviewHistory />
        </div>
      )}
    </section>
  );
}

function QueueBody({
  queue,
  onDecided,
  onForbidden,
}: {
  queue: Queue;
  onDecided: (id: number, notice: TitledText) => void;
  onForbidden: () => void;
}) {
  if (queue.state === 'loading') return <p className="page-loading">Loading...</p>;
  if (queue.state !== 'ready') {
    return (
      <p className="error" role="alert">
        {queue.state === 'forbidden' ? messages.reviewerOnly : messages.reviewQueueLoadFailed}
      </p>
    );
  }
  const count = queue.submissions.length;
  if (count === 0) return <p className="queue-empty">{messages.reviewQueueEmpty}</p>;
  return (
    <>
      <p className="form-intro">{count === 1 ? '1 film is' : `${count} films are`} waiting for review, oldest first.</p>
      <ol className="queue-list">
        {queue.submissions.map((submission) => (
          <li key={submission.submission_id}>
            <QueueItem submission={submission} onDecided={onDecided} onForbidden={onForbidden} />
          </li>
        ))}
      </ol>
    </>
  );
}
