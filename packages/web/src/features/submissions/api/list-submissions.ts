import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { SubmissionDetail } from '@filmlist/shared/api/films';
import { api } from '../../../lib/api-client';
import { submissionListDecoder } from '../../../lib/decoders';
import { queryKeys } from '../../../lib/query-keys';

/** The review queue: pending submissions, oldest first, as the server orders them (reviewers only). */
export async function listSubmissions(signal?: AbortSignal): Promise<SubmissionDetail[]> {
  const answer = await api('/api/films/submissions', { auth: true, schema: submissionListDecoder, signal });
  return answer.submissions;
}

/** The queue, not asked for when the member is known not to review. */
export const useSubmissions = (enabled: boolean) =>
  useQuery({ queryKey: queryKeys.submissions, queryFn: ({ signal }) => listSubmissions(signal), enabled });

/** Takes a decided submission off the queue on screen; the server has already taken it out. */
export function useDropFromQueue(): (submissionId: number) => void {
  const client = useQueryClient();
  return useCallback(
    (submissionId: number) =>
      client.setQueryData(queryKeys.submissions, (list: SubmissionDetail[] | undefined) =>
        list?.filter((s) => s.submission_id !== submissionId),
      ),
    [client],
  );
}

/** Reads the queue again where a page shows it (the count beside the Review menu item). */
export function useRefreshQueue(): () => void {
  const client = useQueryClient();
  return () => void client.refetchQueries({ queryKey: queryKeys.submissions, type: 'active' });
}
