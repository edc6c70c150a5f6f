import { messages } from '@filmlist/shared/messages';
import { ApiError } from './api-client';
import { withRetryNote } from './retry-note';

/** What a form shows for a request that failed: messages beside its fields, or one for the whole form. */
export interface FormErrors<F extends string> {
  /** beside the fields the server named */
  fields: Partial<Record<F, string>>;
  /** for the whole form; '' when the fields say it */
  form: string;
  /** the server refused the request with a status the form explains (its own message); false for any other failure */
  refused: boolean;
}

/** What the form sends and expects back. */
export interface FormRequest<F extends string> {
  /** the form's fields, as the server names them */
  fields: readonly F[];
  /** the statuses whose message the server writes for this form: 400, 409, ... */
  explained: readonly number[];
  /** the form's own failure message, for anything else (no connection, a server error) */
  fallback: string;
}

/** Refusals about one field that name no field (a 409 on sign-up or on a profile change). */
const fieldOfMessage: Record<string, string> = { [messages.usernameTaken]: 'username', [messages.emailTaken]: 'email' };

/**
 * The one mapping from a failed request to a form's messages. A refusal the
 * form explains goes beside the fields the server named, or else is the
 * server's own message for the whole form; anything else is the form's
 * fallback. Either way, after a 429 or a 503, when to try again follows.
 */
export function formErrorsFrom<F extends string>(error: unknown, request: FormRequest<F>): FormErrors<F> {
  if (!(error instanceof ApiError) || !request.explained.includes(error.status)) {
    return { fields: {}, form: withRetryNote(request.fallback, error), refused: false };
  }
  const fields: Partial<Record<F, string>> = {};
  for (const name of request.fields) {
    const message = error.fields[name] ?? (fieldOfMessage[error.message] === name ? error.message : undefined);
    if (message) fields[name] = message;
  }
  const form = Object.keys(fields).length > 0 ? '' : withRetryNote(error.message || request.fallback, error);
  return { fields, form, refused: true };
}
