import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messageDecoder } from '../../../lib/decoders';
import { markQueueStale } from './mark-stale';

export interface RejectFilmInput {
  title: string;
  release_year: string;
  /** the submitter's user id as text */
  userId: string;
  /** an optional reason, mailed to the submitter */
  reason: string;
}

/** A reviewer rejects a pending submission (docs/product.md §Review decisions). */
export async function rejectFilm(input: RejectFilmInput): Promise<void> {
  const reason = input.reason.trim();
  const body = { title: input.title, release_year: input.release_year, userId: input.userId, ...(reason ? { reason } : {}) };
  await api('/api/films/reject', { method: 'POST', body, schema: messageDecoder, auth: true });
}

export function useRejectFilm() {
  const client = useQueryClient();
  return useMutation({ mutationFn: rejectFilm, onSuccess: () => markQueueStale(client) });
}
