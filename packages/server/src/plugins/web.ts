import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { messages } from '@filmlist/shared/messages';
import type { ErrorBody } from '@filmlist/shared/api/common';
import { CARD_HEIGHT, CARD_WIDTH } from '../modules/cards/card-image.js';
import { cardPath } from '../modules/cards/card-store.js';
import { filmPageUrl } from '../modules/discovery/documents.js';
import { filmsRepository } from '../modules/films/repository.js';
import { ListPageCache, pageEncoding, scriptJson } from './list-page.js';

export interface WebOptions {
  /** the built web app: index.html and its assets */
  root: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The web app from the same origin as the API. The server writes the app's
 * configuration (external links, public URL) and the feed's autodiscovery
 * link into the page, and the share preview tags (og:*, twitter:card, the
 * share card as og:image, the canonical address) into the page of a film that exists. An
 * unknown /api path is a 404 JSON answer; any other unknown GET gets the app,
 * which shows its own not-found page.
 */
export const webPlugin = fp(async (app: FastifyInstance, options: WebOptions) => {
  const indexFile = path.join(options.root, 'index.html');
  const template = existsSync(indexFile)
    ? readFileSync(indexFile, 'utf8')
    : '<!doctype html><html lang="en"><head><title>The Film List</title><!--app-head--></head><body><p>The web app has not been built. Run npm run build.</p><!--app-config--></body></html>';
  const config = { publicUrl: app.config.publicUrl, links: app.config.links };
  const withConfig = template.replace(
    '<!--app-config-->',
    `<script type="application/json" id="app-config">${scriptJson(config)}</script>`,
  );
  // Every page names the Atom feed, so feed readers find it (autodiscovery).
  const feedLink = `<link rel="alternate" type="application/atom+xml" title="The Film List: new films" href="${escapeHtml(`${app.config.publicUrl}/feed.xml`)}" />`;
  const plainPage = withConfig.replace('<!--app-head-->', () => feedLink);
  const listPages = new ListPageCache((head) => withConfig.replace('<!--app-head-->', () => `${feedLink}\n    ${head}`));
  const films = filmsRepository(app.db);

  const sendPage = (reply: FastifyReply, html: string) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);

  async function filmPage(slug: string): Promise<string> {
    const film = await films.findBySlug(slug);
    if (!film) return plainPage;
    const url = filmPageUrl(app.config.publicUrl, film.slug);
    const title = `${film.title} (${film.releaseYear}) | The Film List`;
    const image = `${app.config.publicUrl}${cardPath(film)}`;
    const imageAlt = `${film.title} (${film.releaseYear}) on The Film List`;
    const tags = [
      ['og:title', title],
      ['og:description', film.description],
      ['og:url', url],
      ['og:type', 'video.movie'],
      ['og:site_name', 'The Film List'],
      ['og:image', image],
      ['og:image:type', 'image/png'],
      ['og:image:width', String(CARD_WIDTH)],
      ['og:image:height', String(CARD_HEIGHT)],
      ['og:image:alt', imageAlt],
    ]
      .map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content ?? '')}" />`)
      .concat(
        `<meta name="twitter:card" content="summary_large_image" />`,
        `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
        `<meta name="twitter:description" content="${escapeHtml(film.description)}" />`,
        `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
        `<meta name="twitter:image:alt" content="${escapeHtml(imageAlt)}" />`,
        `<link rel="canonical" href="${escapeHtml(url)}" />`,
        feedLink,
      );
    // Replacer functions: a replacement string would read "$&", "$'" or "$$" in a title as patterns.
    return withConfig
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
      .replace('<!--app-head-->', () => tags.join('\n    '));
  }

  if (existsSync(options.root)) {
    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: false,
      index: false,
      // The page itself is served below, with its configuration written in.
      globIgnore: ['index.html'],
      cacheControl: false,
      // The build writes name.js.br and name.js.gz beside each script and style (vite.config.ts).
      preCompressed: true,
      // Built assets carry a content hash in their names, so they never change.
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        // The copy sent (brotli, gzip or plain) depends on Accept-Encoding: shared caches must key on it.
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
  }
  // The pages of the ranked list carry its first films (plugins/list-page.ts).
  const sendListPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const encoding = pageEncoding(request.headers['accept-encoding']);
    const body = await listPages.page(await app.filmListCache.get(), encoding);
    if (encoding !== 'identity') void reply.header('content-encoding', encoding);
    return reply.header('vary', 'Accept-Encoding').type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(body);
  };
  app.get('/', { schema: { hide: true } }, sendListPage);
  app.get('/index.html', { schema: { hide: true } }, sendListPage);
  app.get('/dashboard', { schema: { hide: true } }, sendListPage);
  app.get<{ Params: { slug: string } }>('/films/:slug', { schema: { hide: true } }, async (request, reply) => {
    // A film whose title or year was edited has moved: its old address redirects, for people and for share previews.
    if (!(await films.findBySlug(request.params.slug))) {
      const moved = await films.findByOldSlug(request.params.slug);
      if (moved) return reply.redirect(`/films/${encodeURIComponent(moved.slug)}`, 301);
    }
    return sendPage(reply, await filmPage(request.params.slug));
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      const body: ErrorBody = { error: messages.apiNotFound, code: 'not_found' };
      return reply.code(404).send(body);
    }
    return sendPage(reply, plainPage);
  });
});
