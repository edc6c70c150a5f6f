import type { Film } from '@filmlist/shared/api/films';
import { api } from '../../../lib/api-client';
import { filmListDecoder } from '../../../lib/decoders';

/** GET /api/films/allfilms: every film, already ranked by the server. */
export async function getFilms(signal?: AbortSignal): Promise<Film[]> {
  const answer = await api('/api/films/allfilms', { schema: filmListDecoder, ...(signal ? { signal } : {}) });
  return answer.films;
}
