import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messageDecoder } from '../../../lib/decoders';
import { refreshAfterVote } from './refresh-after-vote';

export interface MentionInput {
  userId: number;
  filmId: number;
  mentioned: boolean;
}

/** POST /api/mentions/mentioned: the member's final answer to "heard of it before?". */
export async function postMention({ userId, filmId, mentioned }: MentionInput): Promise<void> {
  await api('/api/mentions/mentioned', {
    method: 'POST',
    body: { user_id: userId, film_id: filmId, mentioned },
    schema: messageDecoder,
    auth: true,
  });
}

/** A mention; a failure is only logged (docs/product.md §Errors). */
export function useRecordMention() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postMention,
    onSettled: () => refreshAfterVote(client),
    meta: { failure: 'The mention request failed' },
  });
}
