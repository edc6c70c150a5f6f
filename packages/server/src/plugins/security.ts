import { IncomingMessage, ServerResponse, STATUS_CODES } from 'node:http';
import { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { messages, serverMessages } from '@filmlist/shared/messages';
import type { ErrorBody } from '@filmlist/shared/api/common';
import type { Config } from '../config.js';
import { addVary, NOT_STORED } from '../lib/http-cache.js';

/**
 * The headers of every answer (docs/product.md §What is private): a strict CSP, nosniff, a referrer policy, HSTS on https.
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
        // Posters are served from our own origin (decision 014); data: only for the icons' CSS masks.
        imgSrc: ["'self'", 'data:'],
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
 * The security headers as a fixed set, worked out once by helmet. They do not
 * vary by request (no CSP nonces), and running helmet's middleware on every
 * answer was the largest JavaScript cost of serving the cached ranked list.
 */
export function securityHeaders(publicUrl: string): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  helmet(headerOptions(publicUrl))(response.req, response, () => undefined);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getHeaders())) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  // Nothing is stored by a browser or a proxy unless its route says it may be (decision 013).
  headers['cache-control'] = NOT_STORED;
  return headers;
}

/**
 * Fastify answers a URL it cannot route (bad percent-encoding, a parameter
 * over maxParamLength) before any hook runs. This answers those with the same
 * headers and the usual {error, code} body.
 */
export function frameworkErrorAnswer(config: Config) {
  const headers = securityHeaders(config.publicUrl);
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 400;
    const body: ErrorBody =
      status >= 500
        ? { error: serverMessages.internalError, code: 'internal' }
        : { error: messages.invalidRequest, code: 'invalid_request' };
    void reply.headers(headers).code(status).send(body);
  };
}

/**
 * Node answers a request it cannot parse (400), one that took longer than the
 * request timeout (408) and one with oversized headers (431) on the socket,
 * before Fastify sees a request. Those answers carry the same headers and body
 * shape as every other.
 */
export function clientErrorAnswer(config: Config) {
  const headers = securityHeaders(config.publicUrl);
  return (error: Error & { code?: string }, socket: Duplex): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, body]: [number, ErrorBody] =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, { error: serverMessages.requestTimeout, code: 'request_timeout' }]
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, { error: serverMessages.headersTooLarge, code: 'headers_too_large' }]
          : [400, { error: messages.invalidRequest, code: 'invalid_request' }];
    const text = JSON.stringify(body);
    const lines = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(text)}`,
      'connection: close',
    ];
    if (socket.writable) socket.end(`${lines.join('\r\n')}\r\n\r\n${text}`);
    socket.destroy();
  };
}

/**
 * Headers on every answer, pages and API alike (§What is private): a strict CSP,
 * nosniff, a referrer policy, and HSTS when the public URL is https. CORS is
 * same-origin unless CORS_ORIGINS lists other origins.
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const headers = securityHeaders(app.config.publicUrl);
  const allowed = new Set(app.config.corsOrigins);
  // While the process shuts down, requests still arriving on open connections get a 503 with the
  // usual headers (Fastify's own return503OnClosing answer has none).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    void reply.headers(headers);
    if (closing) {
      const body: ErrorBody = { error: messages.serviceUnavailable, code: 'unavailable' };
      return reply.code(503).header('connection', 'close').header('retry-after', '5').send(body);
    }
    if (allowed.size === 0) return;
    // Whether the answer carries Access-Control-Allow-Origin depends on Origin, so every answer says so.
    addVary(reply, 'Origin');
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin)) return;
    void reply.header('access-control-allow-origin', origin);
    if (request.method === 'OPTIONS') {
      void reply.header('access-control-allow-methods', 'GET, POST, PUT, DELETE');
      void reply.header('access-control-allow-headers', 'authorization, content-type');
      void reply.header('access-control-max-age', '600');
      return reply.code(204).send();
    }
  });
});
