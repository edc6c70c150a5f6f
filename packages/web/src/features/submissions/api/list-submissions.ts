import { useQuery } from '@tanstack/react-query';
import { submissionList, type Submission } from '@filmlist/shared/api/films';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The review queue: pending submissions, oldest first (reviewers only). */
export async function listSubmissions(signal?: AbortSignal): Promise<Submission[]> {
  const answer = await api('/api/films/submissions', { auth: true, schema: submissionList, signal });
  return [...answer.submissions].sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** The queue, not asked for when the member is known not to review. */
export const useSubmissions = (enabled: boolean) =>
  useQuery({ queryKey: queryKeys.submissions, queryFn: ({ signal }) => listSubmissions(signal), enabled });
