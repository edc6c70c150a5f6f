import { z } from 'zod';
import { idInput } from './common.js';
import { noteNamedInput } from './films.js';

/** One of the member's own submissions and what became of it (docs/product.md §Member screens). */
export const mySubmission = z.object({
  submission_id: z.number().int(),
  title: z.string(),
  release_year: z.number().int(),
  description: z.string(),
  submitted_at: z.string(),
  state: z.enum(['pending', 'added', 'rejected']),
  decided_at: z.string().nullable(),
  /** why it was rejected, when the reviewer said */
  reason: z.string().nullable(),
  /** the film's page, once added and while it is on the list */
  film_slug: z.string().nullable(),
  note: z.string().nullable().describe('"Why is it undervalued?" as submitted; null when none'),
  note_named: z.boolean().describe('true: the note shows your username on the film page; false: "a member"'),
});
export type MySubmission = z.infer<typeof mySubmission>;

export const mySubmissionsAnswer = z.object({ submissions: z.array(mySubmission) });
export const submissionIdParams = z.object({ submission_id: idInput });

/** PATCH /api/me/submissions/{submission_id}: whether the note names the member, at any time (docs/product.md §Recommendation note). */
export const mySubmissionUpdate = z.object({ note_named: noteNamedInput });
export const mySubmissionUpdated = z.object({ message: z.string(), submission: mySubmission });

const filmRef = z.object({ film_id: z.number().int(), title: z.string(), release_year: z.number().int(), slug: z.string() });

/** Download my data (Australian Privacy Principle 12): everything held about the member, no secrets. */
export const myExport = z.object({
  exported_at: z.string(),
  account: z.object({
    user_id: z.number().int(),
    username: z.string(),
    email: z.string(),
    verified: z.boolean(),
    pending_email: z.string().nullable(),
    created_at: z.string(),
  }),
  mentions: z.array(z.object({ film: filmRef, heard_before: z.boolean(), answered_at: z.string() })),
  ratings: z.array(z.object({ film: filmRef, rating: z.number().int(), rated_at: z.string(), updated_at: z.string() })),
  submissions: z.array(mySubmission),
  watch_clicks: z.array(z.object({ film: filmRef, day: z.string() })),
  watchlist: z.array(z.object({ film: filmRef, added_at: z.string() })),
});
export type MyExport = z.infer<typeof myExport>;
