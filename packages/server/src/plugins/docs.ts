import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** What a 429 means, and the header that says when to come back (every 429 of the app sends it). */
const TOO_MANY = {
  description: 'Too many requests: a rate limit is spent. Retry after the seconds in Retry-After.',
  headers: {
    'Retry-After': {
      description: 'Seconds until the limit has room again.',
      schema: { type: 'integer', minimum: 1 },
    },
  },
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Every documented 429 gets its meaning and its Retry-After header. */
function describeTooMany<T extends { paths?: unknown }>(document: T): T {
  for (const methods of isRecord(document.paths) ? Object.values(document.paths) : []) {
    for (const call of isRecord(methods) ? Object.values(methods) : []) {
      const tooMany = isRecord(call) && isRecord(call.responses) ? call.responses['429'] : undefined;
      if (isRecord(tooMany)) Object.assign(tooMany, TOO_MANY);
    }
  }
  return document;
}

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
    transformObject: (document) => ('openapiObject' in document ? describeTooMany(document.openapiObject) : document.swaggerObject),
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
