import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import rawHelmet from 'helmet';
import { messages } from '@filmlist/shared/messages';
import type { ErrorBody } from '@filmlist/shared/api/common';
import type { Config } from '../config.js';

/**
 * The headers of every answer (PRODUCT.md §8): a strict CSP, nosniff, a referrer policy, HSTS on https.
 * (Left to inference: helmet's ESM and CJS typings name the same options type twice.)
 */
function headerOptions(publicUrl: string) {
  const https = publicUrl.startsWith('https://');
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  } as const;
}

/**
 * Fastify answers a URL it cannot route (bad percent-encoding, a parameter
 * over maxParamLength) before any hook runs. This answers those with the same
 * headers and the usual {error, code} body.
 */
export function frameworkErrorAnswer(config: Config) {
  const setHeaders = rawHelmet(headerOptions(config.publicUrl));
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    setHeaders(request.raw, reply.raw, () => undefined);
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 400;
    const body: ErrorBody =
      status >= 500 ? { error: messages.internalError, code: 'internal' } : { error: messages.invalidRequest, code: 'invalid_request' };
    void reply.code(status).send(body);
  };
}

/**
 * Headers on every answer, pages and API alike (PRODUCT.md §8): a strict CSP,
 * nosniff, a referrer policy, and HSTS when the public URL is https. CORS is
 * same-origin unless CORS_ORIGINS lists other origins.
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, { global: true, ...headerOptions(app.config.publicUrl) });

  const allowed = new Set(app.config.corsOrigins);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin)) return;
    void reply.header('access-control-allow-origin', origin);
    void reply.header('vary', 'Origin');
    if (request.method === 'OPTIONS') {
      void reply.header('access-control-allow-methods', 'GET, POST, PUT, DELETE');
      void reply.header('access-control-allow-headers', 'authorization, content-type');
      void reply.header('access-control-max-age', '600');
      return reply.code(204).send();
    }
  });
});
