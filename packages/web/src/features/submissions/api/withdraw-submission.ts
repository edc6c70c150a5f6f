import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messageDecoder } from '../../../lib/decoders';
import { queryKeys } from '../../../lib/query-keys';
import { markQueueStale } from './mark-stale';

/** DELETE /api/me/submissions/{id}: withdraws a pending submission (409 once a reviewer has decided it). */
export async function withdrawSubmission(submissionId: number): Promise<string> {
  const answer = await api(`/api/me/submissions/${submissionId}`, { method: 'DELETE', schema: messageDecoder, auth: true });
  return answer.message;
}

/** Withdrawn or not (a reviewer may have decided meanwhile), the member's list is read again. */
export function useWithdrawSubmission(userId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: withdrawSubmission,
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: queryKeys.mySubmissions(userId) }), markQueueStale(client)]),
  });
}
