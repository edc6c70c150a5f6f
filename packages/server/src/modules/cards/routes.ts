import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { ErrorBody } from '@filmlist/shared/api/common';
import { messages } from '@filmlist/shared/messages';
import { IMMUTABLE, isCurrent } from '../../lib/http-cache.js';
import { rankedIndex } from '../films/ranked-index.js';
import { cardPath, cardVersion, CardStore } from './card-store.js';

const CARD_NAME = /^(\d{1,10})-([0-9a-f]{16})\.png$/;

/**
 * GET /cards/{film_id}-{version}.png: a film's share card (docs/product.md §Sharing),
 * the og:image of its page. The version is a hash of what the card shows, so
 * an answer may be cached for ever; after an edit the old address redirects to
 * the new card.
 */
export const cardRoutes: FastifyPluginAsync = async (app) => {
  const store = new CardStore(path.join(app.config.dataDir, 'cards'));
  const missing: ErrorBody = { error: messages.filmNotFound, code: 'film_not_found' };

  app.get<{ Params: { card: string } }>('/cards/:card', { schema: { hide: true } }, async (request, reply) => {
    const match = CARD_NAME.exec(request.params.card);
    const entry = match ? rankedIndex(await app.filmListCache.get()).byId(Number(match[1])) : undefined;
    if (!match || !entry) return reply.code(404).send(missing);
    const film = {
      filmId: entry.film.film_id,
      title: entry.film.title,
      releaseYear: entry.film.release_year,
      description: entry.film.description,
    };
    if (match[2] !== cardVersion(film)) return reply.redirect(cardPath(film), 302);
    // A strong ETag: nothing recompresses a PNG.
    void reply.header('cache-control', IMMUTABLE);
    if (isCurrent(request, reply, `"${match[2]}"`)) return reply.code(304).send();
    const started = performance.now();
    const { png, source } = await store.get(film);
    const took = (performance.now() - started).toFixed(1);
    return (
      reply
        .type('image/png')
        // How it was served: from memory, from DATA_DIR/cards, or rendered now (tests and operators read it).
        .header('server-timing', `card;desc="${source}";dur=${took}`)
        .send(png)
    );
  });
};
