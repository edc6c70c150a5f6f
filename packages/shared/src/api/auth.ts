import { z } from 'zod';
import { textInput } from '../fields.js';
import { publicUser } from './users.js';

export const refreshRequest = z.object({ refresh: textInput().min(1).max(200) });
export const refreshAnswer = z.object({
  newAccessToken: z.string(),
  newRefreshToken: z.string(),
  newAccessTokenExpiration: z.number().int(),
  user: publicUser,
});
/** Optional: a bearer-only logout comes with no body at all (Fastify then has a null body). */
export const logoutRequest = z.object({ refresh: textInput().max(200).optional() }).nullish();
export type RefreshAnswer = z.infer<typeof refreshAnswer>;
