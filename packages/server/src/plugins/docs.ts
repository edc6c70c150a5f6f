import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI at /api/docs, generated from the same zod schemas that validate requests. */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'The Film List API',
        version: '1.0.0',
        description: 'Every call of The Film List. Errors answer {error, code, fields?}.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The UI's own hashed inline scripts are allowed; framing and base URLs stay locked down, and
    // images come from our origin only (its validator badge is off: validatorUrl is null).
    transformStaticCSP: (header) =>
      header
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace("base-uri 'self'", "base-uri 'none'")
        .replace(' validator.swagger.io', ''),
  });
});
