import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messageDecoder } from '../../../lib/decoders';
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
  /** the film database entry: absent keeps the submission's, null drops it (docs/product.md §Film database) */
  tmdb_id?: number | null;
  /** the recommendation note: absent keeps the submission's, a text replaces it, null drops it (§Recommendation note) */
  note?: string | null;
}

/** A reviewer adds a film to the list, approving the matching submission (docs/product.md §Review decisions). */
export async function addFilm(input: AddFilmInput): Promise<void> {
  await api('/api/films/addfilm', { method: 'POST', body: input, schema: messageDecoder, auth: true });
}

/** The new film changes the ranked list. */
export function useAddFilm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addFilm,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: queryKeys.filmList }), markQueueStale(client)]),
  });
}
