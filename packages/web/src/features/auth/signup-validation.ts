import type { ZodType } from 'zod';
import { emailField, passwordField, usernameField } from '@filmlist/shared/fields';
import { messages } from '@filmlist/shared/messages';

export interface SignupValues {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  agreed: boolean;
}

export type SignupField = 'username' | 'email' | 'password' | 'confirmPassword' | 'agreement';
export type SignupErrors = Partial<Record<SignupField, string>>;

/** The first message the shared field schema gives, or undefined when the value passes. */
export function fieldError(schema: ZodType, value: string): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

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
