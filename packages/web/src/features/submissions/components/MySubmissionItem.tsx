import { useId } from 'react';
import type { MySubmission } from '@filmlist/shared/api/me';
import { Link } from '../../../lib/router';
import { dayOf } from '../utils/dates';
import { NoteNaming } from './NoteNaming';
import { filmPath } from '../../../lib/film-paths';

const decidedOn = (submission: MySubmission) =>
  submission.decided_at === null ? null : <time dateTime={submission.decided_at}>{dayOf(submission.decided_at)}</time>;

/** One of the member's submissions: what was sent, when, and what became of it (docs/product.md §Member screens). */
export function MySubmissionItem({ submission, onWithdraw }: { submission: MySubmission; onWithdraw: (submission: MySubmission) => void }) {
  const headingId = `${useId()}-heading`;
  const { title, release_year, description, submitted_at, state, reason, film_slug, note } = submission;
  const decided = decidedOn(submission);
  return (
    <article className="queue-item" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <bdi>{title}</bdi> <span className="queue-year">({release_year})</span>
      </h2>
      <p className="queue-logline">{description}</p>
      {note !== null && <NoteNaming submission={{ ...submission, note }} />}
      <p className="queue-meta">
        Sent on <time dateTime={submitted_at}>{dayOf(submitted_at)}</time>
      </p>
      {state === 'pending' && (
        <>
          <p className="submission-state">
            <strong>Pending:</strong> waiting for a reviewer.
          </p>
          <div className="actions">
            <button type="button" className="secondary" aria-describedby={headingId} onClick={() => onWithdraw(submission)}>
              Withdraw
            </button>
          </div>
        </>
      )}
      {state === 'added' && (
        <p className="submission-state">
          <strong>Added</strong> to The Film List{decided && <> on {decided}</>}.{' '}
          {film_slug === null ? (
            'It has since been removed.'
          ) : (
            <Link to={filmPath({ slug: film_slug }, true)} aria-describedby={headingId}>
              See the film
            </Link>
          )}
        </p>
      )}
      {state === 'rejected' && (
        <>
          <p className="submission-state">
            <strong>Rejected</strong>
            {decided && <> on {decided}</>}.
          </p>
          {reason && <p className="submission-reason">Reason: {reason}</p>}
        </>
      )}
    </article>
  );
}
