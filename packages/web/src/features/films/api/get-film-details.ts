import type { Film } from '@filmlist/shared/api/films';
import { ApiError, api } from '../../../lib/api-client';
import { filmDetailsDecoder } from '../../../lib/decoders';

/** GET /api/films/filmdetails?slug=...: the film, or null when there is none. */
export async function getFilmDetails(slug: string, signal?: AbortSignal): Promise<Film | null> {
  try {
    const answer = await api('/api/films/filmdetails', { query: { slug }, schema: filmDetailsDecoder, ...(signal ? { signal } : {}) });
    return answer.film;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}
