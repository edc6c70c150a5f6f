import type { ZodType } from 'zod';
import { emailField, passwordField, usernameField } from '@filmlist/shared/fields';
import { messages } from '@filmlist/shared/messages';

export type Errors<F extends string> = Partial<Record<F, string>>;

function firstIssue(schema: ZodType, value: string): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

export function validateUsername(username: string): Errors<'username'> {
  const error = firstIssue(usernameField, username);
  return error ? { username: error } : {};
}

export function validateEmail(email: string, currentPassword: string): Errors<'email' | 'currentPassword'> {
  const errors: Errors<'email' | 'currentPassword'> = {};
  const error = firstIssue(emailField, email);
  if (error) errors.email = error;
  if (!currentPassword) errors.currentPassword = messages.currentPasswordRequired;
  return errors;
}

/** SPEC §5: the profile checks the match only against the confirm field. */
export function validatePassword(
  password: string,
  confirmPassword: string,
  currentPassword: string,
): Errors<'password' | 'confirmPassword' | 'currentPassword'> {
  const errors: Errors<'password' | 'confirmPassword' | 'currentPassword'> = {};
  const error = firstIssue(passwordField, password);
  if (error) errors.password = error;
  if (password !== confirmPassword) errors.confirmPassword = messages.passwordsDoNotMatch;
  if (!currentPassword) errors.currentPassword = messages.currentPasswordRequired;
  return errors;
}
