import { z } from 'zod';
import { messages } from '../messages.js';

/** Every error answer: a human message, a stable code, and per-field messages where known. */
export const errorBody = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const messageBody = z.object({ message: z.string() });

const INT4_MAX = 2_147_483_647;

/** A positive database id, from a JSON number or from a query or path string. */
export const idInput = z
  .union([z.number(), z.string().regex(/^\d{1,10}$/, messages.invalidRequest)], {
    error: messages.invalidRequest,
  })
  .transform((v) => Number(v))
  .pipe(z.number().int(messages.invalidRequest).min(1, messages.invalidRequest).max(INT4_MAX, messages.invalidRequest));

export const filmIdQuery = z.object({ film_id: idInput });
/** A film id in the path, e.g. /api/me/watchlist/{film_id}. */
export const filmIdParams = z.object({ film_id: idInput });
export const userFilmQuery = z.object({ user_id: idInput, film_id: idInput });
export const userQuery = z.object({ user_id: idInput });
