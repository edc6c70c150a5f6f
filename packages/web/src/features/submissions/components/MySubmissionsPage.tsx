import { useEffect, useRef } from 'react';
import type { MySubmission } from '@filmlist/shared/api/me';
import { messages } from '@filmlist/shared/messages';
import { Dialog } from '../../../components/Dialog';
import { ProcessingButton } from '../../../components/ProcessingButton';
import { useAuth } from '../../../lib/auth';
import { Link } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMySubmissions } from '../api/get-my-submissions';
import { useWithdrawal, type Outcome } from '../hooks/use-withdrawal';
import { MySubmissionItem } from './MySubmissionItem';

/** /my-submissions: the member's submissions, newest first, and withdrawal of a pending one (docs/product.md §Member screens). */
export default function MySubmissionsPage() {
  useDocumentTitle('My Submissions');
  const { user } = useAuth();
  const userId = user?.user_id ?? null;
  const { data: submissions, isError } = useMySubmissions(userId);
  const withdrawal = useWithdrawal(userId);

  return (
    <section className="my-submissions">
      <h1>My Submissions</h1>
      <p className="form-intro">
        The films you have sent for review, newest first, and what became of each. <Link to="/addfilm">Add another film</Link>
      </p>
      <WithdrawalOutcome outcome={withdrawal.outcome} />
      {submissions ? (
        <SubmissionList submissions={submissions} onWithdraw={withdrawal.ask} />
      ) : isError ? (
        <p className="error" role="alert">
          {messages.mySubmissionsLoadFailed}
        </p>
      ) : (
        <p className="page-loading">Loading...</p>
      )}
      <Dialog
        open={withdrawal.confirming !== null}
        title="Withdraw this submission?"
        onClose={withdrawal.cancel}
        initialFocus="[data-cancel]"
      >
        {withdrawal.confirming && (
          <p>
            <bdi>{withdrawal.confirming.title}</bdi> ({withdrawal.confirming.release_year}) will no longer be reviewed. You can submit it
            again later.
          </p>
        )}
        <div className="actions">
          <ProcessingButton
            type="button"
            processing={withdrawal.processing}
            onClick={() => void withdrawal.confirm()}
            label="Yes, withdraw it"
          />
          <button type="button" className="secondary" data-cancel="" disabled={withdrawal.processing} onClick={withdrawal.cancel}>
            Cancel
          </button>
        </div>
      </Dialog>
    </section>
  );
}

function SubmissionList({ submissions, onWithdraw }: { submissions: MySubmission[]; onWithdraw: (submission: MySubmission) => void }) {
  if (submissions.length === 0) {
    return (
      <p className="queue-empty">
        You have not submitted any films yet. <Link to="/addfilm">Add a film</Link>
      </p>
    );
  }
  return (
    <ol className="queue-list">
      {submissions.map((submission) => (
        <li key={submission.submission_id}>
          <MySubmissionItem submission={submission} onWithdraw={onWithdraw} />
        </li>
      ))}
    </ol>
  );
}

/** What the last withdrawal came to; focus moves here once the dialog closes (the withdrawn item is gone). */
function WithdrawalOutcome({ outcome }: { outcome: Outcome | null }) {
  const status = useRef<HTMLParagraphElement>(null);
  const alert = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (outcome) (outcome.ok ? status : alert).current?.focus();
  }, [outcome]);
  return (
    <>
      <p className="success form-message" role="status" tabIndex={-1} ref={status}>
        {outcome?.ok ? outcome.text : ''}
      </p>
      {outcome && !outcome.ok && (
        <p className="error form-message" role="alert" tabIndex={-1} ref={alert}>
          {outcome.text}
        </p>
      )}
    </>
  );
}
