import { LRUCache } from 'lru-cache';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ErrorBody } from '@filmlist/shared/api/common';
import { posterAt, posterParams, posterQuery, type PosterWidth } from '@filmlist/shared/api/posters';
import { messages } from '@filmlist/shared/messages';
import { IMMUTABLE, isCurrent } from '../../lib/http-cache.js';
import { rankedIndex } from '../films/ranked-index.js';
import { generatedPosterHash, generatedPosterUrl, parsePosterFile, type PosterFilm } from './address.js';
import { generatedPosterWebp, placeholderPosterSvg } from './generated-poster.js';

/** How long a stand-in for a poster that could not be fetched may be kept: it is tried again after. */
const STAND_IN_CACHE = 'public, max-age=300';
/** The bytes of generated posters kept drawn, per instance (a few KB each). */
const DRAWN_BYTES = 16 * 1024 * 1024;

/**
 * GET /posters/{file}?w={width}: every film's poster, from our own origin (docs/product.md §Posters;
 * the address scheme is in packages/shared/src/poster-address.ts). A stored film database poster
 * answers WebP, and a generated one too (drawn from SVG once per width); both immutable, with a strong ETag. A film database poster
 * that cannot be had answers a plain stand-in, briefly cacheable, never an error.
 */
export const posterRoutes: FastifyPluginAsync = async (app) => {
  const { posters } = app.filmDatabase;
  /** Drawn posters, least recently used out first; a poster asked for while it is being drawn waits for that drawing. */
  const drawn = new LRUCache<string, Buffer, { film: PosterFilm; width: PosterWidth }>({
    maxSize: DRAWN_BYTES,
    sizeCalculation: (body) => body.length || 1,
    fetchMethod: (_name, _stale, { context }) => generatedPosterWebp(context.film, context.width),
  });
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
        // An edited film's old poster address leads to its new one, and an SVG address of an earlier version to its WebP one.
        if (hash !== file.hash || file.svg) {
          const to = generatedPosterUrl(film);
          return reply.redirect(posterAt(to, width), hash === file.hash ? 301 : 302);
        }
        void reply.header('cache-control', IMMUTABLE);
        if (isCurrent(request, reply, `"gw${hash}-${width}"`)) return reply.code(304).send();
        // A drawing that fails (it should not) answers the plain stand-in, never an error.
        const body = await drawn.fetch(`${hash}/${width}`, { context: { film, width } }).catch(() => undefined);
        if (!body) return svg(reply.header('cache-control', STAND_IN_CACHE), placeholderPosterSvg(width));
        return reply.type('image/webp').send(body);
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
