import { messages, tryAgainIn } from '@filmlist/shared/messages';
import { ApiError } from './api-client';

/**
 * When to come back after a 429 (too many requests) or a 503 (busy): from
 * Retry-After where the server sent it. Null for any other failure.
 */
export function retryNote(error: unknown): string | null {
  if (!(error instanceof ApiError) || (error.status !== 429 && error.status !== 503)) return null;
  if (error.retryAfterSeconds !== null) return tryAgainIn(error.retryAfterSeconds);
  return error.status === 429 ? messages.rateLimited : messages.serviceUnavailable;
}

/** A form's failure message, followed by when to try again if the server said (the form's own message stays first). */
export function withRetryNote(message: string, error: unknown): string {
  const note = retryNote(error);
  return note && note !== message ? `${message} ${note}` : message;
}
