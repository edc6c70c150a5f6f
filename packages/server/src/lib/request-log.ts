import type { FastifyRequest } from 'fastify';

/** Paths whose last segment is a single-use secret: a verification link and a password reset link. */
const SECRET_SEGMENT = /\/(verification|reset-password)\/[^/?#]+/g;

/** A request's address as the log may keep it: the secret in a mailed link replaced, so reading the log gives no one an account. */
export function loggableUrl(url: string): string {
  return url.replace(SECRET_SEGMENT, '/$1/[redacted]');
}

/**
 * Pino's `req` serializer: what Fastify logs of a request by default (method, address, host, client), the
 * address through loggableUrl. A verification or reset link opened in a browser is one GET whose path
 * holds the token; a reset token stays usable for an hour.
 */
export function requestForLog(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}
