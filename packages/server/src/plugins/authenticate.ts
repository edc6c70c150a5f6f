import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@filmlist/shared/messages';
import { holdsReviewerRole } from '../modules/auth/roles.js';
import { forbidden, unauthorized } from '../lib/http-errors.js';
import type { Actor } from '../types.js';

/**
 * A route hook. Routes run these as preValidation hooks, so the chain is: rate
 * limit and authenticate, then validate, then the handler authorises.
 */
export type RouteHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}

/**
 * The actor from a bearer token: a valid signature, an unexpired 15-minute
 * token, and a live session of a verified account. The reviewer role is worked
 * out at every request (modules/auth/roles.ts), so a change applies at once.
 */
async function resolveActor(request: FastifyRequest): Promise<Actor | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const { accessTokens, sessions, clock, config } = request.server;
  const now = clock.now();
  const claims = await accessTokens.verify(token, now);
  if (!claims) return null;
  const found = await sessions.findActor(claims.userId, claims.sessionId, now);
  if (!found) return null;
  return { userId: found.userId, username: found.username, sessionId: found.sessionId, isReviewer: holdsReviewerRole(config, found) };
}

/**
 * An answer that depends on who asks, or carries a token, is never stored by a
 * browser or a proxy (PRODUCT.md §8, ASVS 14.3.2).
 */
export function privateAnswer(reply: FastifyReply): void {
  void reply.header('cache-control', 'no-store');
}

/** A signed-in member, or 401. */
export const requireMember: RouteHook = async (request, reply) => {
  privateAnswer(reply);
  const actor = await resolveActor(request);
  if (!actor) {
    throw bearerToken(request) ? unauthorized(messages.sessionExpired, 'invalid_token') : unauthorized();
  }
  request.actor = actor;
};

/** A reviewer: 401 for a visitor, 403 for a member. */
export const requireReviewer: RouteHook = async (request, reply) => {
  await requireMember(request, reply);
  if (!request.actor?.isReviewer) throw forbidden(messages.reviewerOnly, 'reviewer_only');
};

/**
 * The member if a valid token came with the request; a visitor otherwise. A
 * visitor's answer may be cached, but only for requests without a token.
 */
export const optionalMember: RouteHook = async (request, reply) => {
  void reply.header('vary', 'Authorization');
  request.actor = await resolveActor(request);
  if (request.actor || bearerToken(request)) privateAnswer(reply);
};

/**
 * Who is acting: the member a route's hook (requireMember, requireReviewer)
 * found from a verified token, or 401. The one way a handler learns it.
 */
export function currentActor(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/** Every user_id a member sends must be their own (PRODUCT.md §5). */
export function assertSelf(request: FastifyRequest, userId: number): Actor {
  const actor = currentActor(request);
  if (actor.userId !== userId) throw forbidden(messages.notYourAccount, 'not_your_account');
  return actor;
}
