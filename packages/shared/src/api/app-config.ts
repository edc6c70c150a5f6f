import { z } from 'zod';

/**
 * What the server writes into every page as JSON (`<script id="app-config">`), read once by the web
 * app. `filmDatabase` is true while the film database is on (TMDB_API_TOKEN set): About and the
 * footer then credit TMDB (messages.tmdbCredit) and JustWatch (messages.justWatchCredit), and the
 * add-film forms offer the lookup (docs/product.md §Film database).
 */
export const appConfigFilmDatabase = z.object({
  filmDatabase: z.boolean().describe('the film database is on: credit TMDB and JustWatch, offer the lookup'),
  watchRegionName: z.string().describe('the English name of WATCH_REGION, e.g. Australia'),
});
export type AppConfigFilmDatabase = z.infer<typeof appConfigFilmDatabase>;
