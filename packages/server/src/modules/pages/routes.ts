import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorBody } from '@filmlist/shared/api/common';
import { serverMessages } from '@filmlist/shared/messages';
import { isPage } from '@filmlist/shared/pages';
import { filmPagePath } from './addresses.js';
import { encodedFor } from '../../lib/compression.js';
import { addVary, isCurrent, publicAnswer, weakEtag } from '../../lib/http-cache.js';
import { filmsRepository } from '../films/repository.js';
import { filmPage } from './film-page.js';
import { listPages, type ListPage } from './list-page.js';
import { pageTemplate } from './page-template.js';

export interface PageOptions {
  /** the built web app: index.html and its assets */
  root: string;
}

const html = 'text/html; charset=utf-8';

/**
 * A page is the same for everyone who asks (the app reads the session in the
 * browser), so caches may keep it as briefly as the list it shows
 * (decision 011), with a weak ETag. A 404 is kept by none (the default no-store).
 */
async function sendPage(request: FastifyRequest, reply: FastifyReply, status: 200 | 404, page: string | ListPage) {
  if (status === 404) return reply.code(404).type(html).send(page);
  publicAnswer(reply, 'live');
  if (typeof page === 'string') {
    if (isCurrent(request, reply, weakEtag(page))) return reply.code(304).send();
    return reply.type(html).send(page);
  }
  addVary(reply, 'Accept-Encoding');
  if (isCurrent(request, reply, page.etag)) return reply.code(304).send();
  return reply.type(html).send(await encodedFor(request, reply, page));
}

/**
 * The web app's pages. Every page of its route tables (@filmlist/shared/pages)
 * answers 200; any other path, and a film that does not exist, 404, with the
 * app, which shows its not-found page or the film's "not available" message.
 * The list's pages carry its first films; a film's page its share preview; an
 * edited film's old address redirects to its new one. An unknown /api path,
 * or a method other than GET, is a 404 JSON answer.
 */
export const pageRoutes = fp(async (app: FastifyInstance, options: PageOptions) => {
  const template = pageTemplate(options.root, app.config);
  const listPage = listPages(template);
  const films = filmsRepository(app.db);

  const sendListPage = async (request: FastifyRequest, reply: FastifyReply) => {
    return sendPage(request, reply, 200, await listPage(await app.filmListCache.get()));
  };
  app.get('/', { schema: { hide: true } }, sendListPage);
  app.get('/index.html', { schema: { hide: true } }, sendListPage);
  app.get('/dashboard', { schema: { hide: true } }, sendListPage);

  // A film whose title or year was edited has moved: its old address redirects, for people and for share previews.
  const movedFilm = async (slug: string) => (await films.findByOldSlug(slug))?.slug;

  app.get<{ Params: { slug: string } }>('/films/:slug', { schema: { hide: true } }, async (request, reply) => {
    const film = await films.findBySlug(request.params.slug);
    if (film) return sendPage(request, reply, 200, filmPage(template, app.config.publicUrl, film));
    const moved = await movedFilm(request.params.slug);
    if (moved) return reply.redirect(filmPagePath(moved), 301);
    return sendPage(request, reply, 404, template.plain);
  });
  // The members' page of a film: the app sends a visitor to log in, whatever the answer's status.
  app.get<{ Params: { slug: string } }>('/films/private/:slug', { schema: { hide: true } }, async (request, reply) => {
    if (await films.findBySlug(request.params.slug)) return sendPage(request, reply, 200, template.plain);
    const moved = await movedFilm(request.params.slug);
    if (moved) return reply.redirect(filmPagePath(moved, { private: true }), 301);
    return sendPage(request, reply, 404, template.plain);
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      const body: ErrorBody = { error: serverMessages.apiNotFound, code: 'not_found' };
      return reply.code(404).send(body);
    }
    return sendPage(request, reply, isPage(pathname) ? 200 : 404, template.plain);
  });
});
