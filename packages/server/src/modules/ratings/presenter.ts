import type { Rating } from '@filmlist/shared/api/votes';
import type { RatingRow } from './repository.js';

/** What leaves the server for a rating: the spec's three fields. */
export function presentRating(row: Pick<RatingRow, 'userId' | 'filmId' | 'rating'>): Rating {
  return { user_id: row.userId, film_id: row.filmId, rating: row.rating };
}
