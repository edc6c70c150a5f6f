import { z } from 'zod';
import { errorBody } from '@filmlist/shared/api/common';
import { bearerSecurity } from '../../lib/openapi.js';
import { currentActor, membersOnly } from '../auth/guards.js';
import { rateLimit } from '../../plugins/rate-limit.js';
import { ratingsRepository } from '../ratings/repository.js';
import { watchlistRepository } from '../watchlist/repository.js';
import { asAttachment, downloadName } from './downloads.js';
import { linksOfMember, ratingsCsv, watchlistCsv } from './letterboxd.js';

const csvFile = z.string().describe("CSV in Letterboxd's import format, UTF-8, with a header row");

/** GET /api/me/export/watchlist.csv and ratings.csv: the member's lists, to import into Letterboxd. */
export const letterboxdRoutes = membersOnly(async (app) => {
  const watchlist = watchlistRepository(app.db);
  const ratings = ratingsRepository(app.db);
  const route = (summary: string) => ({
    schema: {
      tags: ['me'],
      summary,
      security: bearerSecurity,
      produces: ['text/csv', 'application/json'],
      response: { 200: csvFile, 401: errorBody },
    },
    preValidation: rateLimit('write'),
  });

  app.get(
    '/export/watchlist.csv',
    route("The caller's watchlist as a Letterboxd import file: Title, Year, tmdbID, imdbID"),
    async (request, reply) => {
      const actor = currentActor(request);
      const [films, links] = await Promise.all([watchlist.listWithFilms(actor.userId), linksOfMember(app.db, actor.userId, 'watchlist')]);
      const csv = watchlistCsv(films, links);
      const file = downloadName('watchlist', actor.username, app.clock.now(), 'csv');
      return asAttachment(reply, file).type('text/csv; charset=utf-8').send(csv);
    },
  );

  app.get(
    '/export/ratings.csv',
    route(
      "The caller's ratings as a Letterboxd import file: Title, Year, Rating10 (1 to 10), tmdbID, imdbID, WatchedDate (left empty: a rating is not a diary entry)",
    ),
    async (request, reply) => {
      const actor = currentActor(request);
      const [rated, links] = await Promise.all([ratings.listWithFilms(actor.userId), linksOfMember(app.db, actor.userId, 'ratings')]);
      const csv = ratingsCsv(rated, links);
      const file = downloadName('ratings', actor.username, app.clock.now(), 'csv');
      return asAttachment(reply, file).type('text/csv; charset=utf-8').send(csv);
    },
  );
});
