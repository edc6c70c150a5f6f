import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isCurrent, publicAnswer, weakEtag } from '../../lib/http-cache.js';
import { perList, type RankedList } from '../films/film-list-cache.js';
import { filmsRepository } from '../films/repository.js';
import { atomFeed, robotsTxt, sitemap } from './documents.js';

/** How many of the newest films the feed carries. */
export const FEED_ENTRIES = 50;

interface Document {
  body: string;
  etag: string;
}

/**
 * A document made at most once per ranked list: any write to films or votes
 * makes a new list and so a new document on the next request. Its ETag is its
 * content's hash, so a reader that has it gets 304 after a mere vote.
 */
function perListDocument(build: (list: RankedList) => Promise<string>): (list: RankedList) => Promise<Document> {
  return perList(async (list) => {
    const body = await build(list);
    return { body, etag: weakEtag(body) };
  });
}

function send(request: FastifyRequest, reply: FastifyReply, document: Document, type: string) {
  publicAnswer(reply, 'documents');
  if (isCurrent(request, reply, document.etag)) return reply.code(304).send();
  return reply.type(type).send(document.body);
}

/** /feed.xml (Atom), /sitemap.xml and /robots.txt, every address under PUBLIC_URL (docs/product.md §Feed and sitemap). */
export const discoveryRoutes: FastifyPluginAsync = async (app) => {
  const films = filmsRepository(app.db);
  const { publicUrl } = app.config;

  const feed = perListDocument(async () => {
    const newest = await films.newest(FEED_ENTRIES);
    return atomFeed(publicUrl, newest);
  });
  // In id order, not rank order: a vote leaves the bytes as they were.
  const map = perListDocument(async (list) =>
    sitemap(
      publicUrl,
      [...list.films].sort((a, b) => a.film_id - b.film_id).map((film) => film.slug),
    ),
  );
  const robots = robotsTxt(publicUrl);

  app.get('/feed.xml', { schema: { hide: true } }, async (request, reply) =>
    send(request, reply, await feed(await app.filmListCache.get()), 'application/atom+xml; charset=utf-8'),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) =>
    send(request, reply, await map(await app.filmListCache.get()), 'application/xml; charset=utf-8'),
  );
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) => {
    publicAnswer(reply, 'robots');
    return reply.type('text/plain; charset=utf-8').send(robots);
  });
};
