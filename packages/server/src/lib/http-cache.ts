import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import vary from 'vary';

/**
 * How long browsers (max-age) and shared caches such as a CDN or nginx
 * (s-maxage) may keep a public answer, in seconds, and how long a shared cache
 * may serve it stale while it fetches a new one or while the app fails
 * (RFC 5861). The numbers and their reasons: decision 013.
 */
export const CACHE_POLICIES = {
  /** The ranked list and what is made from it: a film's details and standing, the pages that carry films. */
  live: { maxAge: 0, sMaxAge: 2, staleWhileRevalidate: 2, staleIfError: 86_400 },
  /** The feed and the sitemap: readers poll them, and a new film may take a minute to appear. */
  documents: { maxAge: 300, sMaxAge: 60, staleWhileRevalidate: 60, staleIfError: 86_400 },
  /** robots.txt, which changes only with PUBLIC_URL. */
  robots: { maxAge: 86_400, sMaxAge: 3_600, staleWhileRevalidate: 3_600, staleIfError: 86_400 },
} as const;

export type CachePolicy = keyof typeof CACHE_POLICIES;

const cacheControl = Object.fromEntries(
  Object.entries(CACHE_POLICIES).map(([name, p]) => [
    name,
    `public, max-age=${p.maxAge}, s-maxage=${p.sMaxAge}, stale-while-revalidate=${p.staleWhileRevalidate}, stale-if-error=${p.staleIfError}`,
  ]),
);

/** Content named by its hash (a built asset, a share card at its version): kept for a year by everyone. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** What every answer says unless its route chooses a public policy: nothing may keep it. */
export const NOT_STORED = 'no-store';

/**
 * An answer that depends on who asks, or carries a token, is never stored by a
 * browser or a proxy (docs/product.md §What is private, ASVS 14.3.2).
 */
export function privateAnswer(reply: FastifyReply): void {
  void reply.header('cache-control', NOT_STORED);
}

/** A public answer, the same for everyone who asks: caches may keep it as `policy` says. */
export function publicAnswer(reply: FastifyReply, policy: CachePolicy): void {
  void reply.header('cache-control', cacheControl[policy]);
}

/**
 * Adds request headers to an answer's Vary, keeping the ones already named.
 * Every part of the app that makes an answer depend on a request header calls
 * this, so a shared cache keys on all of them.
 */
export function addVary(reply: FastifyReply, ...fields: string[]): void {
  const current = reply.getHeader('vary');
  const named = current === undefined ? '' : Array.isArray(current) ? current.join(', ') : String(current);
  void reply.header('vary', vary.append(named, fields));
}

/**
 * A weak ETag of some bytes. Weak, because the same one names the plain and
 * compressed copies of an answer, and a proxy may compress or recompress it.
 */
export function weakEtag(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * Sets the answer's ETag and says whether the request's If-None-Match already
 * names it (weak comparison, lists and `*` included): then the caller answers 304.
 */
export function isCurrent(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  void reply.header('etag', etag);
  return fresh(request.headers, { etag });
}

/**
 * A route's onSend hook for public JSON reads: a weak ETag of the serialized
 * answer, and 304 when the client already has it.
 */
export async function etagged(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
  if (!isCurrent(request, reply, weakEtag(payload))) return payload;
  void reply.code(304);
  return '';
}
