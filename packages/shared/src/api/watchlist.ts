import { z } from 'zod';
import { addedFilm } from './films.js';

/** A member's watchlist, newest first (docs/product.md §Watchlist). */
export const watchlistAnswer = z.object({
  films: z.array(addedFilm),
  ranked_films: z.number().int().describe('how many films the ranked list holds ("#rank of ranked_films")'),
});
export type WatchlistAnswer = z.infer<typeof watchlistAnswer>;

/** PUT /api/me/watchlist/{film_id}: the film is on the watchlist, since added_at (201 just now, 200 already). */
export const watchlistEntry = z.object({ film_id: z.number().int(), added_at: z.string() });
export type WatchlistEntry = z.infer<typeof watchlistEntry>;
