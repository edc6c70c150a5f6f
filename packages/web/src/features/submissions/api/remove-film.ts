import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messageDecoder } from '../../../lib/decoders';
import { queryKeys } from '../../../lib/query-keys';
import { markQueueStale } from './mark-stale';

export interface FilmRemoval {
  filmId: number;
  /** an optional reason, kept in the record */
  reason: string;
}

/** DELETE /api/films/{film_id} {reason?}: the film goes with its answers, ratings and clicks (reviewers only). */
export async function removeFilm({ filmId, reason }: FilmRemoval): Promise<string> {
  const body = reason.trim() ? { reason: reason.trim() } : {};
  const answer = await api(`/api/films/${filmId}`, { method: 'DELETE', body, schema: messageDecoder, auth: true });
  return answer.message;
}

/** The list and the member's votes change; they are read again when next shown, the history now. */
export function useRemoveFilm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeFilm,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.films, refetchType: 'none' }),
        client.invalidateQueries({ queryKey: queryKeys.member, refetchType: 'none' }),
        markQueueStale(client),
      ]),
  });
}
