import { api, type Parser } from '../../../lib/api-client';
import { messageDecoder } from '../../../lib/decoders';
import { readTemporaryId, writeTemporaryId } from '../../../lib/session-storage';

/** {temporaryUserId}, checked by hand: no schema library on the first page load. */
const temporaryIdDecoder: Parser<{ temporaryUserId: string }> = {
  parse(value) {
    if (typeof value === 'object' && value !== null && 'temporaryUserId' in value && typeof value.temporaryUserId === 'string') {
      return { temporaryUserId: value.temporaryUserId };
    }
    throw new Error('temporaryUserId: expected a string');
  },
};

/** The visitor's temporary id from storage, or a fresh one from GET /api/watch/generatetempid. */
async function temporaryId(): Promise<string> {
  const stored = readTemporaryId();
  if (stored) return stored;
  const { temporaryUserId } = await api('/api/watch/generatetempid', { schema: temporaryIdDecoder });
  writeTemporaryId(temporaryUserId);
  return temporaryUserId;
}

/**
 * PRODUCT.md §7: a watch click, under the member's id (POST /api/watch/authclick)
 * or the visitor's temporary id (POST /api/watch/click). Failures are only logged.
 */
export async function recordWatchClick(filmId: number, memberId: number | null): Promise<void> {
  try {
    if (memberId !== null) {
      await api('/api/watch/authclick', { method: 'POST', body: { user_id: memberId, film_id: filmId }, schema: messageDecoder, auth: true });
    } else {
      await api('/api/watch/click', { method: 'POST', body: { user_id: await temporaryId(), film_id: filmId }, schema: messageDecoder });
    }
  } catch (error) {
    console.error('Recording the watch click failed', error);
  }
}
