import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageBody } from '@filmlist/shared/api/common';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { markQueueStale } from './mark-stale';

export interface AddFilmInput {
  title: string;
  release_year: string;
  description: string;
  /** '' when the film has no watch link */
  watchLink: string;
  /** the submitter's user id as text; '' when nobody submitted it */
  userId: string;
}

/** A reviewer adds a film to the list, approving the matching submission (SPEC §7). */
export async function addFilm(input: AddFilmInput): Promise<void> {
  await api('/api/films/addfilm', { method: 'POST', body: input, schema: messageBody, auth: true });
}

/** The new film changes the ranked list. */
export function useAddFilm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addFilm,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: queryKeys.filmList }), markQueueStale(client)]),
  });
}
