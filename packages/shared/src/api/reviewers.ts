import { z } from 'zod';
import { REJECT_REASON_MAX } from '../constants.js';
import { storedText } from '../fields.js';
import { messages } from '../messages.js';
import { addFilmRequest, filmDetail } from './films.js';
import { idInput } from './common.js';

/** One reviewer action as the history shows it (docs/product.md §Reviewer tools): who, when, what, why. */
export const auditEntry = z.object({
  audit_id: z.number().int(),
  at: z.string(),
  /** the reviewer's username as it was when they acted */
  reviewer: z.string(),
  action: z.enum(['add', 'reject', 'edit', 'remove']),
  title: z.string(),
  release_year: z.number().int(),
  /** the film's page while it is on the list */
  film_slug: z.string().nullable(),
  reason: z.string().nullable(),
  /** an edit's changed fields, each from and to */
  changes: z
    .record(z.string(), z.object({ from: z.union([z.string(), z.number(), z.null()]), to: z.union([z.string(), z.number(), z.null()]) }))
    .nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const reviewHistoryQuery = z.object({
  /** entries older than this audit_id (the `next` of the previous page) */
  before: idInput.optional(),
});
export const reviewHistoryAnswer = z.object({ entries: z.array(auditEntry), next: z.number().int().nullable() });

const reason = storedText('multi-line', messages.reasonHasInvisible).trim().max(REJECT_REASON_MAX, messages.rejectReasonTooLong).optional();

/**
 * Editing a film: the add-film rules, every field, and an optional note for
 * the record. tmdb_id links the film to its film database entry (null
 * unlinks it; absent leaves it as it is).
 */
export const editFilmRequest = addFilmRequest.and(z.object({ reason }));
export const removeFilmRequest = z.object({ reason }).nullish();

/** The edited film, as its page shows it. */
export const editFilmAnswer = z.object({ message: z.string(), film: filmDetail });
