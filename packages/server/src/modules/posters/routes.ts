import { LRUCache } from 'lru-cache';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ErrorBody } from '@filmlist/shared/api/common';
import { POSTER_DEFAULT_WIDTH, posterParams, posterQuery, type PosterWidth } from '@filmlist/shared/api/posters';
import { messages } from '@filmlist/shared/messages';
import { IMMUTABLE, isCurrent } from '../../lib/http-cache.js';
import { rankedIndex } from '../films/ranked-index.js';
import { generatedPosterHash, generatedPosterUrl, parsePosterFile } from './address.js';
import { generatedPosterSvg, placeholderPosterSvg } from './generated-poster.js';

/** How long a stand-in for a poster that could not be fetched may be kept: it is tried again after. */
const STAND_IN_CACHE = 'public, max-age=300';
/** Generated posters kept drawn, per instance. */
const DRAWN_MAX = 2000;

/**
 * GET /posters/{file}?w={width}: every film's poster, from our own origin (docs/product.md §Posters;
 * the address scheme is in packages/shared/src/poster-address.ts). A stored film database poster
 * answers WebP; a generated one SVG; both immutable, with a strong ETag. A film database poster
 * that cannot be had answers a plain stand-in, briefly cacheable, never an error.
 */
export const posterRoutes: FastifyPluginAsync = async (app) => {
  const { posters } = app.filmDatabase;
  /** Drawn posters, least recently used out first. */
  const drawn = new LRUCache<string, string>({ max: DRAWN_MAX });
  const missing: ErrorBody = { error: messages.filmNotFound, code: 'poster_not_found' };

  const svg = (reply: FastifyReply, body: string) => reply.type('image/svg+xml; charset=utf-8').send(body);

  app.get<{ Params: { file: string }; Querystring: Record<string, unknown> }>(
    '/posters/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const params = posterParams.safeParse(request.params);
      const file = params.success ? parsePosterFile(params.data.file) : null;
      if (!file) return reply.code(404).send(missing);
      const query = posterQuery.safeParse(request.query);
      if (!query.success) {
        const error = query.error.issues[0]?.message ?? messages.invalidRequest;
        return reply.code(400).send({ error, code: 'validation_failed', fields: { w: error } });
      }
      const width: PosterWidth = query.data.w;

      if (file.kind === 'generated') {
        const entry = rankedIndex(await app.filmListCache.get()).byId(file.filmId);
        if (!entry) return reply.code(404).send(missing);
        const film = { filmId: entry.film.film_id, title: entry.film.title, releaseYear: entry.film.release_year };
        const hash = generatedPosterHash(film);
        // An edited film's old poster address leads to its new one.
        if (hash !== file.hash) {
          const to = generatedPosterUrl(film);
          return reply.redirect(width === POSTER_DEFAULT_WIDTH ? to : `${to}?w=${width}`, 302);
        }
        void reply.header('cache-control', IMMUTABLE);
        if (isCurrent(request, reply, `"g${hash}-${width}"`)) return reply.code(304).send();
        const name = `${hash}/${width}`;
        let body = drawn.get(name);
        if (body === undefined) {
          body = generatedPosterSvg(film, width);
          drawn.set(name, body);
        }
        return svg(reply, body);
      }

      let stored = await posters.read(file.key, width);
      if (!stored) {
        const outcome = await posters.ensure(file.key);
        if (outcome === 'unknown') return reply.code(404).send(missing);
        if (outcome === 'stored') stored = await posters.read(file.key, width);
      }
      if (!stored) return svg(reply.header('cache-control', STAND_IN_CACHE), placeholderPosterSvg(width));
      void reply.header('cache-control', IMMUTABLE);
      if (isCurrent(request, reply, stored.etag)) return reply.code(304).send();
      return reply.type('image/webp').send(stored.body);
    },
  );
};
