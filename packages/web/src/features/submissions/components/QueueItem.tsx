import { useId, useState } from 'react';
import type { Submission } from '@filmlist/shared/api/films';
import { reviewerFormPath } from '@filmlist/shared/reviewer-link';
import { ProcessingButton } from '../../../components/ProcessingButton';
import { Link } from '../../../lib/router';
import { useFocusProblem } from '../hooks/use-focus-problem';
import { useQueueDecision } from '../hooks/use-queue-decision';
import { dayOf } from '../utils/dates';
import { FormError, WatchLinkField } from './FilmFields';
import { ReasonDialog } from './ReasonDialog';

interface QueueItemProps {
  submission: Submission;
  onDecided: (submissionId: number, message: string) => void;
  onForbidden: () => void;
}

/**
 * One pending submission, added (with an optional watch link) in place, or
 * rejected after a confirmation that asks for the reason mailed to the member.
 */
export function QueueItem({ submission, onDecided, onForbidden }: QueueItemProps) {
  const prefix = useId();
  const headingId = `${prefix}-heading`;
  const [watchLink, setWatchLink] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const { working, problems, decide } = useQueueDecision(submission, { onDecided, onForbidden });
  useFocusProblem(prefix, problems);
  const { title, release_year, description, user_id } = submission;
  const submitter = submission.username ?? 'a former member';
  const decisionButton = { type: 'button', 'aria-describedby': headingId, disabled: working !== null } as const;

  return (
    <article className="queue-item" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {title} <span className="queue-year">({release_year})</span>
      </h3>
      <p className="queue-logline">{description}</p>
      <p className="queue-meta">
        Submitted by {submitter} on <time dateTime={submission.created_at}>{dayOf(submission.created_at)}</time>
      </p>
      {user_id !== null && (
        <p>
          {/* The submission goes along, so the form starts from it exactly, hyphens and all. */}
          <Link to={reviewerFormPath({ title, releaseYear: release_year, description, userId: user_id })} state={{ submission }}>
            Open in reviewer form
          </Link>
        </p>
      )}
      <div className="queue-fields">
        <div>
          <WatchLinkField prefix={prefix} purpose="used when adding" value={watchLink} onChange={setWatchLink} problems={problems} />
        </div>
      </div>
      <FormError problems={problems} />
      <div className="actions">
        <ProcessingButton
          {...decisionButton}
          processing={working === 'add'}
          onClick={() => void decide('add', watchLink, '')}
          label="Add Film"
        />
        <ProcessingButton
          {...decisionButton}
          className="secondary"
          processing={working === 'reject'}
          onClick={() => setRejecting(true)}
          label="Reject Film"
        />
      </div>
      <ReasonDialog
        open={rejecting}
        title={`Reject ${title} (${release_year})?`}
        confirmLabel="Confirm Rejection"
        onClose={() => setRejecting(false)}
        onConfirm={(reason) => {
          setRejecting(false);
          void decide('reject', watchLink, reason);
        }}
      >
        <p>{submission.username ?? 'The member'} will be told by email, with your reason if you give one.</p>
      </ReasonDialog>
    </article>
  );
}
