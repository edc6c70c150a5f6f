import { useId, useState, type ReactNode } from 'react';
import { REJECT_REASON_MAX } from '@filmlist/shared/constants';
import { Dialog } from '../../../components/Dialog';

interface ReasonDialogProps {
  open: boolean;
  title: string;
  /** what happens, said above the reason */
  children: ReactNode;
  confirmLabel: string;
  /** the film's title in `title`, isolated there (a right-to-left title keeps the words around it in order) */
  isolate?: string;
  /** the decision destroys (removing a film): its button has the danger style */
  danger?: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** Asks before a reviewer's decision (rejecting a submission, removing a film), with an optional reason. */
export function ReasonDialog({ open, title, isolate, children, confirmLabel, danger = false, onConfirm, onClose }: ReasonDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  return (
    <Dialog open={open} title={title} isolate={isolate} onClose={onClose}>
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
        <button type="button" className={danger ? 'danger' : undefined} onClick={() => onConfirm(reason)}>
          {confirmLabel}
        </button>
        <button type="button" className="secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
