import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/**
 * Headers on every answer, pages and API alike (PRODUCT.md §8): a strict CSP,
 * nosniff, a referrer policy, and HSTS when the public URL is https. CORS is
 * same-origin unless CORS_ORIGINS lists other origins.
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const https = app.config.publicUrl.startsWith('https://');
  await app.register(helmet, {
    global: true,
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
  });

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
