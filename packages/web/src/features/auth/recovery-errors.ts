import { messages } from '@filmlist/shared/messages';
import { ApiError } from '../../lib/api-client';
import { formErrorsFrom, type FormErrors } from '../../lib/form-errors';

/** What a refused recovery request shows; a used or expired reset link ends the form (docs/product.md §Account recovery). */
export interface Refusal<F extends string> extends FormErrors<F> {
  linkInvalid: boolean;
}

/**
 * The refusals of forgot password, resend verification and reset password:
 * 400 names a field (or the dead link), 429 and 503 say when to come back,
 * anything else is the page's `fallback` ('Failed to ... Please try again.').
 */
export function recoveryRefusal<F extends string>(error: unknown, fields: readonly F[], fallback: string): Refusal<F> {
  if (error instanceof ApiError && error.status === 400 && (error.code === 'reset_link_invalid' || error.fields.token)) {
    return { fields: {}, form: messages.resetLinkInvalid, refused: true, linkInvalid: true };
  }
  // Too many requests, or the server busy: said as such, whatever the page's own failure message.
  const slowDown = error instanceof ApiError && (error.status === 429 || error.status === 503);
  const said = slowDown ? (error.status === 429 ? messages.rateLimited : messages.serviceUnavailable) : fallback;
  return { ...formErrorsFrom(error, { fields, explained: [400], fallback: said }), linkInvalid: false };
}
