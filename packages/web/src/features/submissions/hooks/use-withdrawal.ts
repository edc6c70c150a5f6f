import { useState } from 'react';
import type { MySubmission } from '@filmlist/shared/api/me';
import { messages } from '@filmlist/shared/messages';
import { formErrorsFrom } from '../../../lib/form-errors';
import { useWithdrawSubmission } from '../api/withdraw-submission';

export interface Outcome {
  ok: boolean;
  text: string;
}

/** The server's reason (decided meanwhile: 409; gone: 404), or the failure message. */
const refusalText = (error: unknown): string =>
  formErrorsFrom(error, { fields: [], explained: [404, 409], fallback: messages.withdrawFailed }).form;

/** Withdrawing one pending submission: which one is being confirmed, the request, and what it came to. */
export function useWithdrawal(userId: number | null) {
  const { mutateAsync: withdraw, isPending } = useWithdrawSubmission(userId);
  const [confirming, setConfirming] = useState<MySubmission | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function confirm() {
    if (!confirming || isPending) return;
    let result: Outcome;
    try {
      result = { ok: true, text: await withdraw(confirming.submission_id) };
    } catch (error) {
      result = { ok: false, text: refusalText(error) };
    }
    setConfirming(null);
    setOutcome(result);
  }

  return {
    confirming,
    outcome,
    processing: isPending,
    ask: (submission: MySubmission) => {
      setOutcome(null);
      setConfirming(submission);
    },
    cancel: () => {
      if (!isPending) setConfirming(null);
    },
    confirm,
  };
}
