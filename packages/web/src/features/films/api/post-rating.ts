import { ApiError, api } from '../../../lib/api-client';
import { messageDecoder } from '../../../lib/decoders';

const send = (path: string, userId: number, filmId: number, rating: number) =>
  api(path, { method: 'POST', body: { user_id: userId, film_id: filmId, rating }, schema: messageDecoder, auth: true });

/**
 * POST /api/ratings/rate the first time, /api/ratings/edit afterwards. A rate
 * refused with 409 (rated meanwhile, e.g. in another tab) becomes an edit.
 */
export async function postRating(userId: number, filmId: number, rating: number, alreadyRated: boolean): Promise<void> {
  if (alreadyRated) {
    await send('/api/ratings/edit', userId, filmId, rating);
    return;
  }
  try {
    await send('/api/ratings/rate', userId, filmId, rating);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    await send('/api/ratings/edit', userId, filmId, rating);
  }
}
