import { useId, useState } from 'react';
import type { MySubmission } from '@filmlist/shared/api/me';
import { messages } from '@filmlist/shared/messages';
import { useAuth } from '../../../lib/auth';
import { formErrorsFrom } from '../../../lib/form-errors';
import { useUpdateNoteNaming } from '../api/update-note-naming';

/**
 * The member's note on one of their submissions, and whether the film's page names them with it,
 * which they may change at any time (docs/product.md §Recommendation note).
 */
export function NoteNaming({ submission }: { submission: MySubmission & { note: string } }) {
  const id = useId();
  const userId = useAuth().user?.user_id ?? null;
  const { mutate, isPending } = useUpdateNoteNaming(userId);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const change = (named: boolean) => {
    setOutcome(null);
    mutate(
      { submissionId: submission.submission_id, named },
      {
        onSuccess: ({ message }) => setOutcome({ ok: true, text: message }),
        onError: (error) =>
          setOutcome({
            ok: false,
            text: formErrorsFrom(error, { fields: [], explained: [400, 404], fallback: messages.noteNamedFailed }).form,
          }),
      },
    );
  };
  return (
    <div className="my-note">
      <p className="my-note-label">Why it&rsquo;s undervalued</p>
      <blockquote>
        <p dir="auto">{submission.note}</p>
      </blockquote>
      <label className="inline" htmlFor={`${id}-named`}>
        <input
          id={`${id}-named`}
          type="checkbox"
          checked={submission.note_named}
          disabled={isPending}
          onChange={(event) => change(event.target.checked)}
        />
        Show my username with the note
      </label>
      <p className={outcome?.ok === false ? 'error field-hint' : 'success field-hint'} role="status">
        {outcome?.text ?? ''}
      </p>
    </div>
  );
}
