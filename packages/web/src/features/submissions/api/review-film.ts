import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messageDecoder } from '../../../lib/decoders';
import { useAuth } from '../../../lib/auth';
import { queryKeys } from '../../../lib/query-keys';
import { markQueueStale } from './mark-stale';

export interface ReviewFilmInput {
  title: string;
  release_year: string;
  description: string;
  /** the film database entry chosen from the type-ahead; null when typed by hand */
  tmdb_id: number | null;
  /** "Why is it undervalued?"; '' for none (docs/product.md §Recommendation note) */
  note: string;
  /** whether the film page names the member with the note */
  note_named: boolean;
}

/** A member submits a film for review; the server answers 201 (docs/product.md §Submitting). */
export async function submitFilmForReview({ note, ...input }: ReviewFilmInput): Promise<void> {
  const body = { ...input, ...(note.trim() ? { note: note.trim() } : {}) };
  await api('/api/films/reviewfilm', { method: 'POST', body, schema: messageDecoder, auth: true });
}

/** A new submission joins the queue and the member's own list (/my-submissions). */
export function useSubmitFilmForReview() {
  const client = useQueryClient();
  const { user } = useAuth();
  const mine = queryKeys.mySubmissions(user?.user_id ?? null);
  return useMutation({
    mutationFn: submitFilmForReview,
    onSuccess: () => Promise.all([markQueueStale(client), client.invalidateQueries({ queryKey: mine })]),
  });
}
