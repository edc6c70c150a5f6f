import { emailField, passwordField, usernameField } from '@filmlist/shared/fields';
import { messages } from '@filmlist/shared/messages';
import { ApiError } from '../../lib/api-client';
import { fieldError } from '../../lib/field-error';
import { withRetryNote } from '../../lib/retry-note';

export interface SignupValues {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  agreed: boolean;
}

export type SignupField = 'username' | 'email' | 'password' | 'confirmPassword' | 'agreement';
export type SignupErrors = Partial<Record<SignupField, string>>;

export const usernameError = (value: string) => fieldError(usernameField, value);
export const emailError = (value: string) => fieldError(emailField, value);
export const passwordError = (value: string) => fieldError(passwordField, value);

/** SPEC §5 sign-up rules, through the same field schemas the server uses. */
export function validateSignup(values: SignupValues): SignupErrors {
  const errors: SignupErrors = {};
  const username = usernameError(values.username);
  const email = emailError(values.email);
  const password = passwordError(values.password);
  if (username) errors.username = username;
  if (email) errors.email = email;
  if (password) errors.password = password;
  if (values.password !== values.confirmPassword) errors.confirmPassword = messages.passwordsDoNotMatch;
  if (!values.agreed) errors.agreement = messages.agreementRequired;
  return errors;
}

export const SIGNUP_FIELDS: readonly SignupField[] = ['username', 'email', 'password', 'confirmPassword', 'agreement'];

/** The server's answer to a refused sign-up, placed next to the field it is about where it names one. */
export function signupErrorsFromServer(error: unknown): { fields: SignupErrors; form: string } {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 409)) {
    return { fields: {}, form: withRetryNote(messages.registrationFailed, error) };
  }
  const fields: SignupErrors = {};
  for (const name of ['username', 'email', 'password'] as const) {
    const message = error.fields[name];
    if (message) fields[name] = message;
  }
  if (error.message === messages.usernameTaken) fields.username = messages.usernameTaken;
  else if (error.message === messages.emailTaken) fields.email = messages.emailTaken;
  return Object.keys(fields).length > 0 ? { fields, form: '' } : { fields, form: error.message || messages.registrationFailed };
}
