import { api, ApiError } from '../../../lib/api-client';
import { messageDecoder, temporaryIdDecoder } from '../../../lib/decoders';
import { readTemporaryId, writeTemporaryId } from '../../../lib/session-storage';

/** A fresh temporary id from GET /api/watch/generatetempid, kept for the next clicks. */
async function freshTemporaryId(): Promise<string> {
  const { temporaryUserId } = await api('/api/watch/generatetempid', { schema: temporaryIdDecoder });
  writeTemporaryId(temporaryUserId);
  return temporaryUserId;
}

const sendVisitorClick = (temporaryUserId: string, filmId: number) =>
  api('/api/watch/click', { method: 'POST', body: { user_id: temporaryUserId, film_id: filmId }, schema: messageDecoder });

/** Under the stored temporary id; one the server no longer accepts (it lasts 30 days) is replaced once. */
async function recordVisitorClick(filmId: number): Promise<void> {
  const stored = readTemporaryId();
  if (stored) {
    try {
      await sendVisitorClick(stored, filmId);
      return;
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 400 && 'user_id' in error.fields)) throw error;
    }
  }
  await sendVisitorClick(await freshTemporaryId(), filmId);
}

/**
 * PRODUCT.md §7: a watch click, under the member's id (POST /api/watch/authclick)
 * or the visitor's temporary id (POST /api/watch/click). Failures are only logged.
 */
export async function recordWatchClick(filmId: number, memberId: number | null): Promise<void> {
  try {
    if (memberId !== null) {
      await api('/api/watch/authclick', {
        method: 'POST',
        body: { user_id: memberId, film_id: filmId },
        schema: messageDecoder,
        auth: true,
      });
    } else {
      await recordVisitorClick(filmId);
    }
  } catch (error) {
    console.error('Recording the watch click failed', error);
  }
}
