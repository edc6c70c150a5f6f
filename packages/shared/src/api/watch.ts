import { z } from 'zod';
import { messages } from '../messages.js';
import { idInput } from './common.js';

/** A UUID the server signs (version 8, with the hour it was issued); it is accepted for 30 days. */
export const temporaryIdAnswer = z.object({ temporaryUserId: z.uuid() });

export const visitorClickRequest = z.object({
  user_id: z.uuid({ error: messages.temporaryIdInvalid }),
  film_id: idInput,
});
export const memberClickRequest = z.object({ user_id: idInput, film_id: idInput });
