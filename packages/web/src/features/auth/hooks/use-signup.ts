import { useRef, useState, type FormEvent } from 'react';
import { messages } from '@filmlist/shared/messages';
import { ApiError } from '../../../lib/api-client';
import { withRetryNote } from '../../../lib/retry-note';
import { useCheckAvailability } from '../api/check-user';
import { useRegister } from '../api/register';
import {
  SIGNUP_FIELDS,
  signupErrorsFromServer,
  validateSignup,
  type SignupErrors,
  type SignupField,
  type SignupValues,
} from '../signup-validation';

/** The form's text inputs. */
export type SignupInput = Exclude<SignupField, 'agreement'>;

const EMPTY: SignupValues = { username: '', email: '', password: '', confirmPassword: '', agreed: false };

/** The sign-up form's values and messages, and its submit: the rules, the availability check, then the registration. */
export function useSignup() {
  const checkAvailability = useCheckAvailability();
  const { mutateAsync: register } = useRegister();
  const [values, setValues] = useState<SignupValues>(EMPTY);
  const [errors, setErrors] = useState<SignupErrors>({});
  const [failure, setFailure] = useState('');
  const [processing, setProcessing] = useState(false);
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<SignupField, HTMLInputElement | null>>>({});

  const change = (field: SignupInput, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const agree = (agreed: boolean) => {
    setValues((v) => ({ ...v, agreed }));
    setErrors((e) => ({ ...e, agreement: undefined }));
  };

  const show = (found: SignupErrors) => {
    setErrors(found);
    const first = SIGNUP_FIELDS.find((name) => found[name]);
    if (first) inputs.current[first]?.focus();
  };

  /** Whether the username or the email is held; null when the check fails. */
  const held = async (): Promise<SignupErrors | null> => {
    const taken = await checkAvailability(values.username, values.email).catch((error: unknown) => {
      // docs/product.md §Sign-up and verification: a failed check silently stops the submit; too many checks are explained.
      if (error instanceof ApiError && error.status === 429) setFailure(withRetryNote(messages.rateLimited, error));
      return null;
    });
    if (!taken) return null;
    const found: SignupErrors = {};
    if (taken.usernameExists) found.username = messages.usernameTaken;
    if (taken.emailExists) found.email = messages.emailTaken;
    return found;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure('');
    const found = validateSignup(values);
    if (Object.keys(found).length > 0) return show(found);
    setErrors({});
    setProcessing(true);
    try {
      const taken = await held();
      // docs/product.md §Sign-up and verification: when the availability check fails, the submit silently stops.
      if (!taken) return;
      if (Object.keys(taken).length > 0) return show(taken);
      await register(values).then(
        () => setRegisteredEmail(values.email),
        (error: unknown) => {
          const server = signupErrorsFromServer(error);
          show(server.fields);
          setFailure(server.form);
        },
      );
    } finally {
      setProcessing(false);
    }
  };

  return { values, errors, failure, processing, registeredEmail, inputs, change, agree, submit };
}
