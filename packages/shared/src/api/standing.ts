import { z } from 'zod';
import { messages } from '../messages.js';
import { textInput } from '../fields.js';
import { idInput } from './common.js';
import { filmFacts, listedFilm, recommendation } from './films.js';

/** One film, by its id or by its slug (an earlier slug of an edited film works too): exactly one of the two. */
export const standingQuery = z
  .object({
    film_id: idInput.optional().describe('the film id; or give slug instead'),
    slug: textInput().max(1300).optional().describe('the film slug, current or from before an edit; or give film_id instead'),
  })
  .refine((q) => (q.film_id === undefined) !== (q.slug === undefined), { message: messages.invalidRequest });

/** How many ratings of one value (1 to 10) a film has. */
export const ratingBar = z.object({
  rating: z.number().int().describe('1 to 10'),
  count: z.number().int().describe('how many ratings of that value'),
});

/**
 * A film's standing on The Film List (docs/product.md §Standing): its place in
 * the ranked list, the four counters the score is made of, the score's two
 * halves, and how its ratings spread over 1 to 10. A film nobody has answered
 * yet has `answers: 0`, `not_heard_share: null` and `average_rating: null`.
 */
export const filmStanding = z.object({
  film_id: z.number().int(),
  slug: z.string(),
  rank: z.number().int().describe('1-based: its position in GET /api/films/allfilms ("#rank of films")'),
  films: z.number().int().describe('how many films the ranked list holds'),
  score: z.number().describe('the score the list sorts by (docs/product.md §Ranking score)'),
  N: z.number().int().describe('N: "No, not heard before" answers'),
  H: z.number().int().describe('H: "Yes, heard before" answers by members who have not rated it'),
  R: z.number().int().describe('R: ratings'),
  S: z.number().int().describe('S: the sum of the ratings'),
  answers: z.number().int().describe('N + H + R; 0 means nobody has answered yet'),
  not_heard_share: z
    .number()
    .nullable()
    .describe('N / (N + H + R), from 0 to 1: the share of answers that had not heard of it; null without answers'),
  average_rating: z.number().nullable().describe('S / R, from 1 to 10; null without ratings'),
  ratings_by_value: z.array(ratingBar).describe('always ten bars, rating 1 to 10 in order; their counts add up to R'),
});
export type FilmStanding = z.infer<typeof filmStanding>;

/** A film's standing, with what its page shows of the film (docs/product.md §Film database). */
export const standingDetail = filmStanding
  .extend({ directors: listedFilm.shape.directors, poster_url: listedFilm.shape.poster_url })
  .extend(filmFacts.shape)
  .extend({ recommendation });
export type StandingDetail = z.infer<typeof standingDetail>;

export const standingBody = z.object({ standing: standingDetail });
export type StandingBody = z.infer<typeof standingBody>;
