import { useState } from 'react';
import { messages } from '@filmlist/shared/messages';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { withRetryNote } from '../../../lib/retry-note';
import { useUpdateProfile, type ProfileChange, type ProfileUpdate } from '../api/update-profile';
import type { Errors } from '../profile-forms';

export interface Outcome {
  ok: boolean;
  text: string;
}

/** The server's refusal: next to the field it names (409 taken, 400 wrong current password), or for the form. */
function serverErrors<F extends string>(error: unknown, fields: readonly F[]): { fields: Errors<F>; form: string } {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 409))
    return { fields: {}, form: withRetryNote(messages.updateFailed, error) };
  const found: Errors<F> = {};
  for (const name of fields) {
    const message = error.fields[name];
    if (message) found[name] = message;
  }
  const byMessage: Record<string, string> = { [messages.usernameTaken]: 'username', [messages.emailTaken]: 'email' };
  const named = fields.find((name) => name === byMessage[error.message]);
  if (named) found[named] = error.message;
  return Object.keys(found).length > 0 ? { fields: found, form: '' } : { fields: found, form: error.message || messages.updateFailed };
}

/** State and submit of one profile form: field errors, processing, and the answer's message. */
export function useProfileForm<F extends string>(fields: readonly F[]) {
  const { user } = useAuth();
  const { mutateAsync: update, isPending } = useUpdateProfile();
  const [errors, setErrors] = useState<Errors<F>>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submit = async (found: Errors<F>, change: ProfileChange): Promise<ProfileUpdate | null> => {
    setOutcome(null);
    setErrors(found);
    if (Object.keys(found).length > 0 || !user) return null;
    try {
      const answer = await update(change);
      setOutcome({ ok: true, text: answer.message });
      return answer;
    } catch (error) {
      const server = serverErrors(error, fields);
      setErrors(server.fields);
      if (server.form) setOutcome({ ok: false, text: server.form });
      return null;
    }
  };

  const clear = (field: F) => setErrors((e) => ({ ...e, [field]: undefined }));
  /** Forgets every message, as when another form of the page was used. */
  const reset = () => {
    setErrors({});
    setOutcome(null);
  };
  return { errors, outcome, processing: isPending, submit, clear, reset };
}
