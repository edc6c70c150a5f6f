import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Placeholder until this module's routes land.
export const meRoutes: FastifyPluginAsyncZod = async () => {};
