import { emailField, passwordField, usernameField } from '@filmlist/shared/fields';
import { messages } from '@filmlist/shared/messages';
import { fieldError } from '../../lib/field-error';
import { formErrorsFrom } from '../../lib/form-errors';

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

/** The sign-up rules (docs/product.md §Usernames and emails, §Passwords), through the same field schemas the server uses. */
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

/** A refused sign-up: the server's message beside the field it is about, where it names one. */
export const signupErrorsFromServer = (error: unknown) =>
  formErrorsFrom(error, { fields: ['username', 'email', 'password'], explained: [400, 409], fallback: messages.registrationFailed });
