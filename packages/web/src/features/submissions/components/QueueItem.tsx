import { useId, useState } from 'react';
import type { SubmissionDetail } from '@filmlist/shared/api/films';
import { reviewerFormPath } from '@filmlist/shared/reviewer-link';
import { ProcessingButton } from '../../../components/ProcessingButton';
import type { TitledText } from '../../../components/Isolated';
import { Link } from '../../../lib/router';
import { useFilmEntry } from '../api/get-film-entry';
import { useFocusProblem } from '../hooks/use-focus-problem';
import { useQueueDecision } from '../hooks/use-queue-decision';
import { dayOf } from '../utils/dates';
import { FormError, WatchLinkField } from './FilmFields';
import { LinkedEntry } from './FilmLinkFields';
import { NoteField } from './NoteField';
import { ReasonDialog } from './ReasonDialog';
import { ReviewerWatch } from './ReviewerWatch';

interface QueueItemProps {
  submission: SubmissionDetail;
  onDecided: (submissionId: number, notice: TitledText) => void;
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
  // The member's note, which the reviewer may edit or empty before adding (docs/product.md §Recommendation note).
  const [note, setNote] = useState(submission.note ?? '');
  const noteChange = submission.note !== null && note !== submission.note ? note : undefined;
  const [rejecting, setRejecting] = useState(false);
  // The member's link, as the film database has it: a link to another film shows beside the title.
  const entry = useFilmEntry(submission.tmdb_id)?.entry ?? undefined;
  const { working, problems, decide } = useQueueDecision(submission, { onDecided, onForbidden });
  useFocusProblem(prefix, problems);
  const { title, release_year, description, user_id } = submission;
  const submitter = submission.username ?? 'a former member';
  const decisionButton = { type: 'button', 'aria-describedby': headingId, disabled: working !== null } as const;

  return (
    <article className="queue-item" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <bdi>{title}</bdi> <span className="queue-year">({release_year})</span>
      </h3>
      <p className="queue-logline">{description}</p>
      <p className="queue-meta">
        Submitted by {submitter} on <time dateTime={submission.created_at}>{dayOf(submission.created_at)}</time>
      </p>
      {submission.tmdb_id !== null && (
        <LinkedEntry
          tmdbId={submission.tmdb_id}
          chosen={null}
          entry={entry}
          form={{ title, release_year: String(release_year) }}
          // Unlinking is the reviewer form's: the queue adds with the member's link.
          onUnlink={null}
        />
      )}
      {user_id !== null && (
        <p>
          {/* The submission goes along, so the form starts from it exactly, hyphens and all. */}
          <Link to={reviewerFormPath({ title, releaseYear: release_year, description, userId: user_id })} state={{ submission }}>
            Open in reviewer form
          </Link>
        </p>
      )}
      {submission.note !== null && (
        <div className="queue-note">
          <NoteField
            prefix={prefix}
            value={note}
            onChange={setNote}
            problems={problems}
            label="Why is it undervalued?"
            hint={`${submission.note_named ? `Shown with ${submitter}'s name` : 'Shown as by "a member"'} once added. Edit it, or empty it to drop it.`}
          />
        </div>
      )}
      <div className="queue-fields">
        <div>
          <WatchLinkField prefix={prefix} purpose="used when adding" value={watchLink} onChange={setWatchLink} problems={problems} />
        </div>
      </div>
      <ReviewerWatch
        tmdbId={submission.tmdb_id}
        offers={entry?.where_to_watch ?? null}
        noneKnown={entry !== undefined && entry.where_to_watch === null}
        onUse={setWatchLink}
      />
      <FormError problems={problems} />
      <div className="actions">
        <ProcessingButton
          {...decisionButton}
          processing={working === 'add'}
          onClick={() => void decide('add', watchLink, '', noteChange)}
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
        isolate={title}
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
