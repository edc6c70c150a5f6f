import { z } from 'zod';
import { messages } from '../messages.js';
import { idInput } from './common.js';

export const countAnswer = z.object({ count: z.number().int() });
export const sumTotalAnswer = z.object({ sum_total: z.number().int() });

export const mentionRequest = z.object({
  user_id: idInput,
  film_id: idInput,
  mentioned: z.boolean({ error: messages.invalidRequest }),
});

export const ratingValue = z
  .number({ error: messages.ratingInvalid })
  .int(messages.ratingInvalid)
  .min(1, messages.ratingInvalid)
  .max(10, messages.ratingInvalid);

export const ratingRequest = z.object({ user_id: idInput, film_id: idInput, rating: ratingValue });

export const mention = z.object({ user_id: z.number().int(), film_id: z.number().int(), mentioned: z.boolean() });
export type Mention = z.infer<typeof mention>;
export const rating = z.object({ user_id: z.number().int(), film_id: z.number().int(), rating: z.number().int() });
export type Rating = z.infer<typeof rating>;

export const mentionAnswer = z.object({ message: z.string(), mention });
export const ratingAnswer = z.object({ message: z.string(), rating });

export const checkMentionedAnswer = z.object({ hasMentioned: z.boolean(), mentioned: z.boolean().nullable() });
export const checkRatingAnswer = z.object({ rated: z.boolean(), userRating: z.number().int().nullable() });

/** One call for all of a member's own answers (docs/product.md §Ranking order). Keys are film ids. */
export const myVotes = z.object({
  mentions: z.record(z.string(), z.boolean()),
  ratings: z.record(z.string(), z.number().int()),
});
export type MyVotes = z.infer<typeof myVotes>;
