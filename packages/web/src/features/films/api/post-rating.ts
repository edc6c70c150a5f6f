import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { messageDecoder } from '../../../lib/decoders';
import { refreshAfterVote } from './refresh-after-vote';

export interface RatingInput {
  userId: number;
  filmId: number;
  rating: number;
  alreadyRated: boolean;
}

const send = (path: string, { userId, filmId, rating }: RatingInput) =>
  api(path, { method: 'POST', body: { user_id: userId, film_id: filmId, rating }, schema: messageDecoder, auth: true });

/**
 * POST /api/ratings/rate the first time, /api/ratings/edit afterwards. A rate
 * refused with 409 (rated meanwhile, e.g. in another tab) becomes an edit.
 */
export async function postRating(input: RatingInput): Promise<void> {
  if (input.alreadyRated) {
    await send('/api/ratings/edit', input);
    return;
  }
  try {
    await send('/api/ratings/rate', input);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    await send('/api/ratings/edit', input);
  }
}

/** A rating or a change of rating; a failure is only logged (docs/product.md §Errors). */
export function useRecordRating() {
  const client = useQueryClient();
  return useMutation({ mutationFn: postRating, onSettled: () => refreshAfterVote(client), meta: { failure: 'The rating request failed' } });
}
