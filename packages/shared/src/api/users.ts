import { z } from 'zod';
import { emailField, passwordField, usernameField } from '../fields.js';
import { messages } from '../messages.js';
import { idInput } from './common.js';

export const checkUserRequest = z.object({
  username: z.string().max(1000).optional(),
  email: z.string().max(1000).optional(),
});
export const checkUserAnswer = z.object({ usernameExists: z.boolean(), emailExists: z.boolean() });

export const registerRequest = z.object({
  username: usernameField,
  email: emailField,
  password: passwordField,
});
export const registerAnswer = z.object({ message: z.string(), user_id: z.number().int() });

export const loginRequest = z.object({
  username: z.string({ error: messages.usernameRequired }).min(1, messages.usernameRequired).max(1000),
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(1000),
});

export const publicUser = z.object({
  user_id: z.number().int(),
  username: z.string(),
  verified: z.boolean(),
  email: z.string().optional(),
  isReviewer: z.boolean().optional(),
});
export type PublicUser = z.infer<typeof publicUser>;

export const loginAnswer = z.object({
  accessToken: z.string(),
  accessTokenExpiration: z.number().int(),
  refreshToken: z.string(),
  user: publicUser,
});

export type LoginAnswer = z.infer<typeof loginAnswer>;

export const profileParams = z.object({ username: z.string().min(1).max(1000) });
export const profileAnswer = z.object({ user: publicUser });

export const updateProfileParams = z.object({ user_id: idInput });
export const updateProfileRequest = z.object({
  username: usernameField.optional(),
  email: emailField.optional(),
  password: passwordField.optional(),
  currentPassword: z.string().max(1000).optional(),
});
export const updateProfileAnswer = z.object({
  message: z.string(),
  user: publicUser,
  pendingEmail: z.string().nullable(),
});

export const verificationParams = z.object({ token: z.string().max(200) });
export const verificationAnswer = z.object({ success: z.boolean(), message: z.string() });

