import { useId, useState, type FormEvent } from 'react';
import type { FilmField, FilmFields as FilmValues } from '@filmlist/shared/film-rules';
import { messages } from '@filmlist/shared/messages';
import { ProcessingButton } from '../../../components/ProcessingButton';
import { Isolated } from '../../../components/Isolated';
import { appConfig } from '../../../lib/app-config';
import { Link } from '../../../lib/router';
import { useFilmEntry } from '../api/get-film-entry';
import { useFilmLink } from '../hooks/use-film-link';
import { useFocusProblem } from '../hooks/use-focus-problem';
import { useReviewerDecision, type Working } from '../hooks/use-reviewer-decision';
import { useReviewerPrefill } from '../hooks/use-reviewer-prefill';
import { ConfirmBox, FilmFields, FormError, LabelledInput, WatchLinkField } from './FilmFields';
import { NoteField } from './NoteField';
import { ReasonDialog } from './ReasonDialog';
import { ReviewerWatch } from './ReviewerWatch';

/** The reviewer form, prefilled from the queue's submission or from the path (docs/product.md §Reviewer screens). */
export function ReviewerForm() {
  const prefix = useId();
  const { initial, submitter, submission } = useReviewerPrefill();
  const [values, setValues] = useState<FilmValues>({
    title: initial.title,
    release_year: initial.release_year,
    description: initial.description,
  });
  const [watchLink, setWatchLink] = useState('');
  // The member's link and note, as the queue passed them along; the reviewer may change either.
  const link = useFilmLink(submission?.tmdb_id ?? null);
  // The linked entry as the film database has it: its own title and poster, and its offers.
  const entryAnswer = useFilmEntry(link.tmdbId);
  const entry = entryAnswer?.entry ?? undefined;
  const [note, setNote] = useState<string | null>(null);
  const memberNote = submission?.note ?? null;
  const [confirmed, setConfirmed] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const decision = useReviewerDecision();
  const { problems } = decision;
  useFocusProblem(prefix, problems);

  // The submitter is who the link names: their id is shown, not edited.
  const userId = initial.userId;
  const input = {
    ...values,
    watchLink,
    userId,
    confirmed,
    ...(link.changed ? { tmdb_id: link.tmdbId } : {}),
    ...(note !== null ? { note } : {}),
  };
  const change = (field: FilmField, value: string) => setValues((current) => ({ ...current, [field]: value }));
  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void decision.add(input);
  };
  const filmName = `${values.title.trim() || 'this film'}${values.release_year.trim() ? ` (${values.release_year.trim()})` : ''}`;

  return (
    <>
      <form className="film-form" noValidate onSubmit={add}>
        <FilmFields
          prefix={prefix}
          values={values}
          onChange={change}
          problems={problems}
          descriptionLabel="Description"
          lookup={{ enabled: appConfig.filmDatabase, link, entry, own: { title: initial.title, release_year: initial.release_year } }}
        />
        {(memberNote !== null || note !== null) && (
          <NoteField
            prefix={prefix}
            value={note ?? memberNote ?? ''}
            onChange={setNote}
            problems={problems}
            label="Why is it undervalued? (the member's note)"
            hint={`Shown on the film's page ${submission?.note_named === false ? 'as by "a member"' : `with ${submitter ?? 'the member'}'s name`}. Edit it, or empty it to drop it.`}
          />
        )}
        <ReviewerWatch
          tmdbId={link.tmdbId}
          offers={entry?.where_to_watch ?? null}
          noneKnown={entry !== undefined && entry.where_to_watch === null}
          onUse={setWatchLink}
        />
        <WatchLinkField prefix={prefix} name="watchLink" value={watchLink} onChange={setWatchLink} problems={problems} />
        <LabelledInput
          prefix={prefix}
          field="userId"
          label="User ID"
          problems={problems}
          name="userId"
          type="text"
          inputMode="numeric"
          className="year-input"
          readOnly
          value={userId}
          onChange={() => undefined}
          hint={
            submitter ? (
              <>
                Submitted by <strong>{submitter}</strong>
              </>
            ) : (
              'The member who submitted the film'
            )
          }
        />
        <ConfirmBox prefix={prefix} checked={confirmed} onChange={setConfirmed} problems={problems} />
        <FormError problems={problems} />
        {decision.notReviewer ? (
          <p className="error form-message" role="alert">
            {messages.reviewerOnly}
          </p>
        ) : decision.decided ? null : (
          <DecisionButtons working={decision.working} onReject={() => setRejecting(true)} />
        )}
      </form>
      <p className="success form-message" role="status">
        {decision.success && <Isolated {...decision.success} />}
      </p>
      {decision.decided && (
        <p>
          <Link to="/master">Back to the review queue</Link>
        </p>
      )}
      <ReasonDialog
        open={rejecting}
        title={`Reject ${filmName}?`}
        confirmLabel="Confirm Rejection"
        onClose={() => setRejecting(false)}
        onConfirm={(reason) => {
          setRejecting(false);
          void decision.reject(input, reason);
        }}
      >
        <p>
          {submitter ? `${submitter} will be told by email` : 'The member who submitted it will be told by email'}, with your reason if you
          give one.
        </p>
      </ReasonDialog>
    </>
  );
}

function DecisionButtons({ working, onReject }: { working: Working; onReject: () => void }) {
  return (
    <div className="actions">
      <ProcessingButton
        type="button"
        className="secondary"
        processing={working === 'reject'}
        disabled={working !== null}
        onClick={onReject}
        label="Reject Film"
      />
      <ProcessingButton processing={working === 'add'} disabled={working !== null} label="Add Film" />
    </div>
  );
}
