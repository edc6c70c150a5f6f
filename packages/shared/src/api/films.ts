import { z } from 'zod';
import { REJECT_REASON_MAX, WATCH_LINK_MAX } from '../constants.js';
import { textInput } from '../fields.js';
import { checkFilmFields, isWatchLink } from '../film-rules.js';
import { messages } from '../messages.js';
import { idInput } from './common.js';

/**
 * A film as the API shows it: the spec's fields plus slug and score, and the
 * counts its standing is told from (PRODUCT.md §4, under their letters to keep
 * the ranked list small): N "not heard before" answers, H "heard before"
 * answers by members who have not rated it, R ratings and S their sum.
 */
export const film = z.object({
  film_id: z.number().int(),
  title: z.string(),
  release_year: z.number().int(),
  description: z.string(),
  watch_link: z.string().nullable(),
  slug: z.string(),
  score: z.number(),
  n: z.number().int(),
  h: z.number().int(),
  r: z.number().int(),
  s: z.number().int(),
});
export type Film = z.infer<typeof film>;

export const filmList = z.object({ films: z.array(film) });
export const filmBody = z.object({ film });

/** Year fields arrive as form text or as numbers. */
const yearText = z.union([z.string(), z.number()], { error: messages.fillAllFields }).transform(String).pipe(textInput());
const text = textInput(messages.fillAllFields);

function withFilmRules<T extends z.ZodType<{ title: string; release_year: string; description: string }>>(schema: T) {
  return schema.superRefine((value, ctx) => {
    const failure = checkFilmFields(value);
    if (failure) ctx.addIssue({ code: 'custom', message: failure.message, path: [failure.field] });
  });
}

export const reviewFilmRequest = withFilmRules(z.object({ title: text, release_year: yearText, description: text }));
export type ReviewFilmRequest = z.input<typeof reviewFilmRequest>;

const watchLink = textInput(messages.watchLinkInvalid)
  .trim()
  .max(WATCH_LINK_MAX, messages.watchLinkInvalid)
  .refine((v) => v === '' || isWatchLink(v), messages.watchLinkInvalid)
  .nullish();

/** The submitter's id is optional: a reviewer may add a film that nobody submitted. */
const submitterId = z.union([idInput, z.literal(''), z.null()], { error: messages.invalidRequest }).optional();

export const addFilmRequest = withFilmRules(
  z.object({
    title: text,
    release_year: yearText,
    description: text,
    watchLink,
    userId: submitterId,
  }),
);

export const rejectFilmRequest = z.object({
  title: textInput(messages.fillAllFields).trim().min(1, messages.fillAllFields),
  release_year: yearText.pipe(z.string().regex(/^\s*\d{1,4}\s*$/, messages.yearNotNumber)),
  userId: idInput,
  reason: textInput().trim().max(REJECT_REASON_MAX, messages.rejectReasonTooLong).optional(),
});

export const checkFilmQuery = z.object({
  title: textInput(messages.fillAllFields).max(1000),
  release_year: textInput(messages.fillAllFields).max(20),
});
export const checkFilmAnswer = z.object({ exists: z.boolean() });

/** Either the spec's title and year, or the stored slug. */
export const filmDetailsQuery = z
  .object({
    title: textInput().max(1000).optional(),
    year: textInput().max(20).optional(),
    slug: textInput().max(1300).optional(),
  })
  .refine((q) => q.slug !== undefined || (q.title !== undefined && q.year !== undefined), {
    message: messages.filmNotFound,
  });

export const submission = z.object({
  submission_id: z.number().int(),
  title: z.string(),
  release_year: z.number().int(),
  description: z.string(),
  user_id: z.number().int().nullable(),
  username: z.string().nullable(),
  status: z.enum(['pending', 'approved', 'rejected']),
  created_at: z.string(),
});
export type Submission = z.infer<typeof submission>;

export const submissionAnswer = z.object({ message: z.string(), film: submission });
export const submissionList = z.object({ submissions: z.array(submission) });
export const addFilmAnswer = z.object({ message: z.string(), film });
