import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageBody } from '@filmlist/shared/api/common';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { queryKeys } from '../../../lib/query-keys';
import { markQueueStale } from './mark-stale';

export interface ReviewFilmInput {
  title: string;
  release_year: string;
  description: string;
}

/** A member submits a film for review; the server answers 201 (SPEC §7). */
export async function submitFilmForReview(input: ReviewFilmInput): Promise<void> {
  await api('/api/films/reviewfilm', { method: 'POST', body: input, schema: messageBody, auth: true });
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
