import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { messages } from '@filmlist/shared/messages';
import type { ErrorBody } from '@filmlist/shared/api/common';

export interface WebOptions {
  /** the built web app: index.html and its assets */
  root: string;
}

/**
 * The web app from the same origin as the API. An unknown /api path is a 404
 * JSON answer; any other unknown GET gets the app, which shows its own
 * not-found page.
 */
export const webPlugin = fp(async (app: FastifyInstance, options: WebOptions) => {
  const indexFile = path.join(options.root, 'index.html');
  const indexHtml = existsSync(indexFile)
    ? readFileSync(indexFile, 'utf8')
    : '<!doctype html><title>The Film List</title><p>The web app has not been built. Run npm run build.</p>';

  if (existsSync(options.root)) {
    await app.register(fastifyStatic, { root: options.root, wildcard: false, index: false, maxAge: '1h' });
  }
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.type('text/html; charset=utf-8').send(indexHtml));

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      const body: ErrorBody = { error: messages.apiNotFound, code: 'not_found' };
      return reply.code(404).send(body);
    }
    return reply.type('text/html; charset=utf-8').send(indexHtml);
  });
});
