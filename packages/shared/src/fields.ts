import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from './constants.js';
import { messages } from './messages.js';
import { isCommonPassword } from './common-passwords.js';

/** One schema per user field, used by the sign-up and profile forms and by the server. */
export const usernameField = z
  .string({ error: messages.usernameRequired })
  .min(1, messages.usernameRequired)
  .refine((v) => !/\s/.test(v), messages.usernameHasSpaces)
  .refine((v) => v.length <= USERNAME_MAX, messages.usernameTooLong)
  .refine((v) => /^[\p{L}\p{N}._-]+$/u.test(v), messages.usernameInvalid);

// A pragmatic address check: one @, no spaces, a dot in the domain.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

export const emailField = z
  .string({ error: messages.emailInvalid })
  .min(1, messages.emailInvalid)
  .refine((v) => !/\s/.test(v), messages.emailHasSpaces)
  .refine((v) => v.length <= EMAIL_MAX, messages.emailTooLong)
  .refine((v) => EMAIL_SHAPE.test(v), messages.emailInvalid);

export const passwordField = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .refine((v) => v.length >= PASSWORD_MIN, messages.passwordTooShort)
  .refine((v) => v.length <= PASSWORD_MAX, messages.passwordTooLong)
  .refine((v) => !isCommonPassword(v), messages.passwordTooCommon);
