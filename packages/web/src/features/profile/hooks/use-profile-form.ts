import { useState } from 'react';
import { messages } from '@filmlist/shared/messages';
import { useAuth } from '../../../lib/auth';
import { formErrorsFrom } from '../../../lib/form-errors';
import { useUpdateProfile, type ProfileChange, type ProfileUpdate } from '../api/update-profile';
import type { Errors } from '../profile-forms';

export interface Outcome {
  ok: boolean;
  text: string;
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
      // Next to the field it names (409 taken, 400 wrong current password), or for the form.
      const server = formErrorsFrom(error, { fields, explained: [400, 409], fallback: messages.updateFailed });
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
