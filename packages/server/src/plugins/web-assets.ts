import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { IMMUTABLE } from '../lib/http-cache.js';

/**
 * The web app's built files (scripts, styles, icons) from the same origin as
 * the API. The page itself, index.html, is modules/pages/'s.
 */
export const webAssetsPlugin = fp(async (app: FastifyInstance, options: { root: string }) => {
  if (!existsSync(options.root)) return;
  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    index: false,
    globIgnore: ['index.html'],
    cacheControl: false,
    // The build writes name.js.br and name.js.gz beside each script and style (vite.config.ts).
    preCompressed: true,
    // Built assets carry a content hash in their names, so they never change. With preCompressed,
    // @fastify/static adds Accept-Encoding to Vary itself.
    setHeaders: (reply, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      void reply.header('cache-control', immutable ? IMMUTABLE : 'public, max-age=3600');
    },
  });
});
