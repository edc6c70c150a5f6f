import { messages } from '@filmlist/shared/messages';
import { ApiError } from '../../lib/api-client';
import { withRetryNote } from '../../lib/retry-note';

/** What a refused recovery request shows: beside a field, or for the whole form. */
export interface Refusal {
  /** the field the server named (400), with its message */
  field?: { name: string; message: string };
  /** for the whole form: too many requests (with when to come back), a dead link, a failed call */
  form?: string;
  /** the reset link is used or expired (PRODUCT.md §11) */
  linkInvalid?: boolean;
}

/** Too many requests, or the server busy: the message and, from Retry-After, when to try again. */
function slowDown(error: ApiError): string {
  return withRetryNote(error.status === 429 ? messages.rateLimited : messages.serviceUnavailable, error);
}

/**
 * The refusals of forgot password, resend verification and reset password:
 * 400 names a field (or the dead link), 429 and 503 say when to come back,
 * anything else is the page's `fallback` ('Failed to ... Please try again.').
 */
export function recoveryRefusal(error: unknown, fallback: string): Refusal {
  if (!(error instanceof ApiError)) return { form: fallback };
  if (error.status === 429 || error.status === 503) return { form: slowDown(error) };
  if (error.status !== 400) return { form: fallback };
  if (error.code === 'reset_link_invalid' || error.fields.token) return { form: messages.resetLinkInvalid, linkInvalid: true };
  const [name, message] = Object.entries(error.fields)[0] ?? [];
  return name && message ? { field: { name, message } } : { form: error.message };
}
