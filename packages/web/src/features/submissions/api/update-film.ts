import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FilmDetail } from '@filmlist/shared/api/films';
import { api } from '../../../lib/api-client';
import { filmSavedDecoder } from '../../../lib/decoders';
import { queryKeys } from '../../../lib/query-keys';
import { markQueueStale } from './mark-stale';

export interface FilmEdit {
  filmId: number;
  title: string;
  release_year: string;
  description: string;
  /** '' when the film has no watch link */
  watchLink: string;
  /** an optional note for the record */
  reason: string;
  /** a new film database entry (null unlinks); absent leaves the link as it is (docs/product.md §Film database) */
  tmdb_id?: number | null;
}

/** PUT /api/films/{film_id}: every add-film rule; a new title or year gives the film a new slug (reviewers only). */
export async function updateFilm({ filmId, reason, ...fields }: FilmEdit): Promise<{ message: string; film: FilmDetail }> {
  const body = { ...fields, ...(reason.trim() ? { reason: reason.trim() } : {}) };
  return api(`/api/films/${filmId}`, { method: 'PUT', body, schema: filmSavedDecoder, auth: true });
}

/**
 * The edited film is known under its new slug at once; the list and every
 * other film answer are read again when next shown, and the history now.
 */
export function useUpdateFilm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateFilm,
    onSuccess: async ({ film }) => {
      await Promise.all([client.invalidateQueries({ queryKey: queryKeys.films, refetchType: 'none' }), markQueueStale(client)]);
      client.setQueryData(queryKeys.filmDetails(film.slug), film);
    },
  });
}
