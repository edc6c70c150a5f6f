import type { Rating } from '@filmlist/shared/api/votes';
import type { RatingRow } from './repository.js';

/** What leaves the server for a rating: user_id, film_id and rating. */
export function presentRating(row: Pick<RatingRow, 'userId' | 'filmId' | 'rating'>): Rating {
  return { user_id: row.userId, film_id: row.filmId, rating: row.rating };
}
