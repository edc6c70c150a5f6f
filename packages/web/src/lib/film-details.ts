import { useQuery } from '@tanstack/react-query';
import type { FilmDetail } from '@filmlist/shared/api/films';
import { ApiError, api } from './api-client';
import { filmDetailsDecoder } from './decoders';
import { queryKeys } from './query-keys';

/** GET /api/films/filmdetails?slug=...: the film, or null when there is none. */
export async function getFilmDetails(slug: string, signal?: AbortSignal): Promise<FilmDetail | null> {
  try {
    const answer = await api('/api/films/filmdetails', { query: { slug }, schema: filmDetailsDecoder, ...(signal ? { signal } : {}) });
    return answer.film;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/**
 * One film by its slug; not asked for when the list passed the film along
 * (`enabled` false). Shared by the film's page and the reviewer's edit form.
 * An edited film answers under its old slug too, with its new one.
 */
export const useFilmDetails = (slug: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.filmDetails(slug),
    queryFn: ({ signal }) => getFilmDetails(slug, signal),
    enabled,
    meta: { failure: 'Loading the film failed' },
  });
