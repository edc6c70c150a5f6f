import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { Submission } from '@filmlist/shared/api/films';
import { REJECT_REASON_MAX } from '@filmlist/shared/constants';
import { messages } from '@filmlist/shared/messages';
import { useAuth } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Link } from '../../../lib/router';
import { addFilm } from '../api/add-film';
import { listSubmissions } from '../api/list-submissions';
import { rejectFilm } from '../api/reject-film';
import { checkWatchLink, isForbidden, problemFromError, reviewerFormPath, type FormProblem } from '../utils/film-form';
import { FieldError, FormError, describedBy, fieldId, useFocusProblem } from './FilmFields';

type Queue =
  | { state: 'loading' }
  | { state: 'forbidden' }
  | { state: 'failed' }
  | { state: 'ready'; submissions: Submission[] };

/** /master: every pending submission, oldest first, decided in place (PRODUCT.md §6). */
export default function ReviewQueuePage() {
  const { user } = useAuth();
  const knownNotReviewer = user?.isReviewer === false;
  const [queue, setQueue] = useState<Queue>(knownNotReviewer ? { state: 'forbidden' } : { state: 'loading' });
  const [status, setStatus] = useState('');
  const statusRef = useRef<HTMLParagraphElement>(null);

  useDocumentTitle('Review Queue');

  useEffect(() => {
    if (knownNotReviewer) {
      setQueue({ state: 'forbidden' });
      return;
    }
    const controller = new AbortController();
    listSubmissions(controller.signal).then(
      (submissions) => setQueue({ state: 'ready', submissions }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setQueue(isForbidden(error) ? { state: 'forbidden' } : { state: 'failed' });
      },
    );
    return () => controller.abort();
  }, [knownNotReviewer]);

  const decided = useCallback((submissionId: number, message: string) => {
    setQueue((current) =>
      current.state === 'ready'
        ? { state: 'ready', submissions: current.submissions.filter((s) => s.submission_id !== submissionId) }
        : current,
    );
    setStatus(message);
    // The decided item is gone; focus goes to the message that says what happened.
    statusRef.current?.focus();
  }, []);

  const forbidden = useCallback(() => setQueue({ state: 'forbidden' }), []);

  return (
    <section className="review-queue">
      <h1>Review Queue</h1>
      <p className="success form-message" role="status" tabIndex={-1} ref={statusRef}>
        {status}
      </p>
      {queue.state === 'loading' && <p className="page-loading">Loading...</p>}
      {queue.state === 'forbidden' && (
        <p className="error" role="alert">
          {messages.reviewerOnly}
        </p>
      )}
      {queue.state === 'failed' && (
        <p className="error" role="alert">
          {messages.reviewQueueLoadFailed}
        </p>
      )}
      {queue.state === 'ready' &&
        (queue.submissions.length === 0 ? (
          <p className="queue-empty">{messages.reviewQueueEmpty}</p>
        ) : (
          <>
            <p className="form-intro">
              {queue.submissions.length === 1 ? '1 film is' : `${queue.submissions.length} films are`} waiting for review, oldest
              first.
            </p>
            <ol className="queue-list">
              {queue.submissions.map((submission) => (
                <li key={submission.submission_id}>
                  <QueueItem submission={submission} onDecided={decided} onForbidden={forbidden} />
                </li>
              ))}
            </ol>
          </>
        ))}
    </section>
  );
}

const dateFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric' });

function submittedOn(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

interface QueueItemProps {
  submission: Submission;
  onDecided: (submissionId: number, message: string) => void;
  onForbidden: () => void;
}

function QueueItem({ submission, onDecided, onForbidden }: QueueItemProps) {
  const prefix = useId();
  const headingId = `${prefix}-heading`;
  const [watchLink, setWatchLink] = useState('');
  const [reason, setReason] = useState('');
  const [working, setWorking] = useState<'add' | 'reject' | null>(null);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  useFocusProblem(prefix, problem);

  const { title, release_year, description, user_id } = submission;
  const userId = user_id === null ? '' : String(user_id);

  async function decide(action: 'add' | 'reject') {
    if (working) return;
    if (action === 'add') {
      const invalid = checkWatchLink(watchLink);
      setProblem(invalid);
      if (invalid) return;
    } else setProblem(null);
    setWorking(action);
    try {
      // The stored title goes back exactly as submitted ("Spider-Man" keeps its dash).
      if (action === 'add') {
        await addFilm({ title, release_year: String(release_year), description, watchLink: watchLink.trim(), userId });
      } else {
        await rejectFilm({ title, release_year: String(release_year), userId, reason });
      }
    } catch (error) {
      setWorking(null);
      if (isForbidden(error)) onForbidden();
      else if (action === 'add') setProblem(problemFromError(error, messages.addFilmFailed, [400, 409]));
      else setProblem(problemFromError(error, messages.rejectFilmFailed, [400, 404]));
      return;
    }
    onDecided(submission.submission_id, action === 'add' ? messages.filmAdded : messages.filmRejected);
  }

  return (
    <article className="queue-item" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {title} <span className="queue-year">({release_year})</span>
      </h2>
      <p className="queue-logline">{description}</p>
      <p className="queue-meta">
        Submitted by {submission.username ?? 'a former member'} on{' '}
        <time dateTime={submission.created_at}>{submittedOn(submission.created_at)}</time>
      </p>
      {user_id !== null && (
        <p>
          <Link to={reviewerFormPath({ title, release_year, description, user_id })}>Open in reviewer form</Link>
        </p>
      )}
      <div className="queue-fields">
        <div>
          <label htmlFor={fieldId(prefix, 'watchLink')}>
            Watch Link <span className="optional">(optional, used when adding)</span>
          </label>
          <input
            id={fieldId(prefix, 'watchLink')}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://"
            value={watchLink}
            onChange={(event) => setWatchLink(event.target.value)}
            {...describedBy(prefix, 'watchLink', problem)}
          />
          <FieldError prefix={prefix} field="watchLink" problem={problem} />
        </div>
        <div>
          <label htmlFor={`${prefix}-reason`}>
            Reason <span className="optional">(optional, sent when rejecting)</span>
          </label>
          <textarea
            id={`${prefix}-reason`}
            rows={2}
            maxLength={REJECT_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
      </div>
      <FormError problem={problem} />
      <div className="actions">
        <button type="button" aria-describedby={headingId} disabled={working !== null} onClick={() => void decide('add')}>
          {working === 'add' ? 'Processing...' : 'Add Film'}
        </button>
        <button type="button" className="secondary" aria-describedby={headingId} disabled={working !== null} onClick={() => void decide('reject')}>
          {working === 'reject' ? 'Processing...' : 'Reject Film'}
        </button>
      </div>
    </article>
  );
}
