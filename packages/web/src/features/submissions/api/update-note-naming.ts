import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MySubmission } from '@filmlist/shared/api/me';
import { api } from '../../../lib/api-client';
import { mySubmissionUpdatedDecoder } from '../../../lib/decoders';
import { queryKeys } from '../../../lib/query-keys';

export interface NoteNaming {
  submissionId: number;
  /** true: the film's page shows the member's username with the note; false: "a member" */
  named: boolean;
}

/** PATCH /api/me/submissions/{id}: whether the note names the member (docs/product.md §Recommendation note). */
export async function updateNoteNaming({ submissionId, named }: NoteNaming): Promise<{ message: string; submission: MySubmission }> {
  return api(`/api/me/submissions/${submissionId}`, {
    method: 'PATCH',
    body: { note_named: named },
    schema: mySubmissionUpdatedDecoder,
    auth: true,
  });
}

/** The changed submission replaces its copy in the member's list; an added film's page is read again when next shown. */
export function useUpdateNoteNaming(userId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateNoteNaming,
    onSuccess: async ({ submission }) => {
      client.setQueryData(queryKeys.mySubmissions(userId), (list: MySubmission[] | undefined) =>
        list?.map((s) => (s.submission_id === submission.submission_id ? submission : s)),
      );
      await client.invalidateQueries({ queryKey: queryKeys.films, refetchType: 'none' });
    },
  });
}
