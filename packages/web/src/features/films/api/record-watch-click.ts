import { useMutation } from '@tanstack/react-query';
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

export interface WatchClick {
  filmId: number;
  /** the signed-in member, or null for a visitor */
  memberId: number | null;
}

/**
 * A watch click (docs/product.md §Watch tracking), under the member's id
 * (POST /api/watch/authclick) or the visitor's temporary id (POST /api/watch/click).
 */
export async function recordWatchClick({ filmId, memberId }: WatchClick): Promise<void> {
  if (memberId === null) return recordVisitorClick(filmId);
  await api('/api/watch/authclick', { method: 'POST', body: { user_id: memberId, film_id: filmId }, schema: messageDecoder, auth: true });
}

/** Recording a click as the watch link opens; a failure is only logged. */
export const useRecordWatchClick = () =>
  useMutation({ mutationFn: recordWatchClick, meta: { failure: 'Recording the watch click failed' } });
