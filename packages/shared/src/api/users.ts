import { z } from 'zod';
import { emailField, passwordField, textInput, usernameField, withAsciiDomain } from '../fields.js';
import { messages } from '../messages.js';
import { idInput } from './common.js';

export const checkUserRequest = z.object({
  username: textInput().max(1000).optional(),
  // Domains in the form sign-up stores them (punycode), so the check and the sign-up agree.
  email: textInput().max(1000).overwrite(withAsciiDomain).optional(),
});
export const checkUserAnswer = z.object({ usernameExists: z.boolean(), emailExists: z.boolean() });

export const registerRequest = z.object({
  username: usernameField,
  email: emailField,
  password: passwordField,
});
export const registerAnswer = z.object({ message: z.string(), user_id: z.number().int() });

export const loginRequest = z.object({
  // The same folding as sign-up, so "Ｒｉｔａ" logs in as "Rita".
  username: textInput(messages.usernameRequired).normalize('NFKC').min(1, messages.usernameRequired).max(1000),
  password: textInput(messages.passwordRequired).min(1, messages.passwordRequired).max(1000),
});

export const publicUser = z.object({
  user_id: z.number().int(),
  username: z.string(),
  verified: z.boolean(),
  email: z.string().optional(),
  isReviewer: z.boolean().optional(),
  /** To the owner only: a new address waiting for its link (it takes effect once followed). */
  pendingEmail: z.string().nullable().optional(),
});
export type PublicUser = z.infer<typeof publicUser>;

export const loginAnswer = z.object({
  accessToken: z.string(),
  accessTokenExpiration: z.number().int(),
  refreshToken: z.string(),
  user: publicUser,
});

export type LoginAnswer = z.infer<typeof loginAnswer>;

export const profileParams = z.object({ username: textInput().min(1).max(1000) });
export const profileAnswer = z.object({ user: publicUser });

export const updateProfileParams = z.object({ user_id: idInput });
export const updateProfileRequest = z.object({
  username: usernameField.optional(),
  email: emailField.optional(),
  password: passwordField.optional(),
  currentPassword: textInput().max(1000).optional(),
});
export const updateProfileAnswer = z.object({
  message: z.string(),
  user: publicUser,
  pendingEmail: z.string().nullable(),
});

/** Deleting an account needs its password, like changing its email or password (docs/product.md §Account deletion). */
export const deleteAccountRequest = z.object({
  currentPassword: textInput(messages.currentPasswordRequired).min(1, messages.currentPasswordRequired).max(1000),
});

/**
 * Forgot password, and resend verification: always the same answer, whether an account has the address or not.
 * The address is read without the spaces around it (a phone keyboard adds one after a word), as it is compared.
 */
export const recoveryRequest = z.object({ email: z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), emailField) });
export const resetPasswordRequest = z.object({ token: textInput().min(1).max(200), password: passwordField });

export const verificationParams = z.object({ token: textInput().max(200) });
export const verificationAnswer = z.object({
  success: z.boolean(),
  message: z.string(),
  /** the link was followed before, and its account is verified */
  alreadyVerified: z.boolean().optional(),
});
