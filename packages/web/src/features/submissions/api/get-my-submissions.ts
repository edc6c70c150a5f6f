import { useQuery } from '@tanstack/react-query';
import type { MySubmission } from '@filmlist/shared/api/me';
import { api } from '../../../lib/api-client';
import { mySubmissionsDecoder } from '../../../lib/decoders';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/me/submissions: the member's own submissions, newest first, each with what became of it. */
export async function getMySubmissions(signal?: AbortSignal): Promise<MySubmission[]> {
  const answer = await api('/api/me/submissions', { auth: true, schema: mySubmissionsDecoder, signal });
  return answer.submissions;
}

export const useMySubmissions = (userId: number | null) =>
  useQuery({ queryKey: queryKeys.mySubmissions(userId), queryFn: ({ signal }) => getMySubmissions(signal), enabled: userId !== null });
