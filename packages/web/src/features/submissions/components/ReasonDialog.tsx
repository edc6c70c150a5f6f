import { useId, useState, type ReactNode } from 'react';
import { REJECT_REASON_MAX } from '@filmlist/shared/constants';
import { Dialog } from '../../../components/Dialog';

interface ReasonDialogProps {
  open: boolean;
  title: string;
  /** what happens, said above the reason */
  children: ReactNode;
  confirmLabel: string;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** Asks before a reviewer's decision (rejecting a submission, removing a film), with an optional reason. */
export function ReasonDialog({ open, title, children, confirmLabel, onConfirm, onClose }: ReasonDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  return (
    <Dialog open={open} title={title} onClose={onClose}>
      {children}
      <label htmlFor={`${id}-reason`}>
        Reason <span className="optional">(optional)</span>
      </label>
      <textarea
        id={`${id}-reason`}
        className="reason-input"
        rows={3}
        maxLength={REJECT_REASON_MAX}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="actions">
        <button type="button" onClick={() => onConfirm(reason)}>
          {confirmLabel}
        </button>
        <button type="button" className="secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
