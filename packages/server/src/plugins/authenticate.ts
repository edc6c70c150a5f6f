import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@filmlist/shared/messages';
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
 * token, and a live session of a verified account. The reviewer role is read
 * from configuration at every request, so a change applies at once.
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
  return { ...found, isReviewer: config.reviewers.has(found.username.toLowerCase()) };
}

/** A signed-in member, or 401. */
export const requireMember: RouteHook = async (request) => {
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

/** The member if a valid token came with the request; a visitor otherwise. */
export const optionalMember: RouteHook = async (request) => {
  request.actor = await resolveActor(request);
};

/** Every user_id a member sends must be their own (PRODUCT.md §5). */
export function assertSelf(request: FastifyRequest, userId: number): Actor {
  const actor = request.actor;
  if (!actor) throw unauthorized();
  if (actor.userId !== userId) throw forbidden(messages.notYourAccount, 'not_your_account');
  return actor;
}
