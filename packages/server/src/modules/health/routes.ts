import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** /healthz: the process is up. /readyz: the database answers. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', { schema: { hide: true } }, () => ({ status: 'ok' }));

  app.get(
    '/readyz',
    {
      schema: {
        hide: true,
        response: { 200: z.object({ status: z.literal('ready') }), 503: z.object({ status: z.literal('unavailable'), error: z.string() }) },
      },
    },
    async (_request, reply) => {
      try {
        await Promise.race([
          app.database.ping(),
          new Promise((_, reject) => setTimeout(() => reject(new Error('database did not answer within 2 s')), 2000).unref()),
        ]);
        return { status: 'ready' as const };
      } catch {
        return reply.code(503).send({ status: 'unavailable' as const, error: 'database unreachable' });
      }
    },
  );
};
