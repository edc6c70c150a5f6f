import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { RankedList } from '../films/film-list-cache.js';
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
function perList(build: (list: RankedList) => Promise<string>): (list: RankedList) => Promise<Document> {
  const made = new WeakMap<RankedList, Promise<Document>>();
  return (list) => {
    let document = made.get(list);
    if (!document) {
      document = build(list).then((body) => ({ body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` }));
      made.set(list, document);
      document.catch(() => made.delete(list));
    }
    return document;
  };
}

function send(request: FastifyRequest, reply: FastifyReply, document: Document, type: string) {
  // Shared caches may keep them five minutes; they change only when films do.
  void reply.header('etag', document.etag).header('cache-control', 'public, max-age=300');
  if (request.headers['if-none-match'] === document.etag) return reply.code(304).send();
  return reply.type(type).send(document.body);
}

/** /feed.xml (Atom), /sitemap.xml and /robots.txt, every address under PUBLIC_URL (issue 13, item 3). */
export const discoveryRoutes: FastifyPluginAsync = async (app) => {
  const films = filmsRepository(app.db);
  const { publicUrl } = app.config;

  const feed = perList(async () => {
    const newest = await films.newest(FEED_ENTRIES);
    return atomFeed(publicUrl, newest);
  });
  // In id order, not rank order: a vote leaves the bytes as they were.
  const map = perList(async (list) =>
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
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(robots),
  );
};
