import { useState } from 'react';
import { messages, pendingEmailNotice } from '@filmlist/shared/messages';
import { ProcessingButton } from '../../../components/ProcessingButton';
import { withRetryNote } from '../../../lib/retry-note';
import { useUpdateProfile } from '../api/update-profile';

interface PendingEmailProps {
  address: string;
  currentEmail: string;
  /** whether this was the last part of the page used: only then is its failure shown */
  active: boolean;
  onUse: () => void;
  onCancelled: () => void;
}

/**
 * An email change waiting for its link, shown as pending with the address,
 * and a way to cancel it: setting the email back to the current one voids
 * every link mailed for it (docs/product.md §Email changes).
 */
export function PendingEmail({ address, currentEmail, active, onUse, onCancelled }: PendingEmailProps) {
  const { mutateAsync: update, isPending } = useUpdateProfile();
  const [failure, setFailure] = useState('');

  const cancel = async () => {
    onUse();
    setFailure('');
    try {
      await update({ email: currentEmail });
      onCancelled();
    } catch (error) {
      console.error('Cancelling the email change failed', error);
      setFailure(withRetryNote(messages.updateFailed, error));
    }
  };

  return (
    <div className="pending-email">
      <p>
        <span className="pending-tag">Pending</span> {pendingEmailNotice(address)}
      </p>
      <ProcessingButton
        type="button"
        className="secondary"
        processing={isPending}
        onClick={() => void cancel()}
        label="Cancel email change"
      />
      {active && failure && (
        <p role="alert" className="error">
          {failure}
        </p>
      )}
    </div>
  );
}
