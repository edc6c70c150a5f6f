import type { FastifyRequest, RouteOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages, serverMessages } from '@filmlist/shared/messages';
import { forbidden, HttpError, unauthorized } from '../../lib/http-errors.js';
import { addVary, privateAnswer } from '../../lib/http-cache.js';
import type { Actor, RouteAccess, RouteHook, Voter } from '../../types.js';
import { holdsReviewerRole } from './roles.js';

/** What stands for the token when a request carries several Authorization headers: no token verifies as it. */
const SEVERAL_HEADERS = 'several-authorization-headers';

/** How many Authorization headers came, read from the raw list (Node's own keeps only the first), without a copy of it. */
function authorizationHeaders(request: FastifyRequest): number {
  const raw = request.raw.rawHeaders;
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]?.toLowerCase() === 'authorization') count += 1;
  return count;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  // Node keeps the first of several Authorization headers and a proxy in front may read another, so
  // with several the request has no one identity: it is refused as an invalid token.
  if (authorizationHeaders(request) > 1) return SEVERAL_HEADERS;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}

/** The claims of the request's bearer token if it verifies (signature, expiry, audience, issuer), or null. */
async function verifiedClaims(request: FastifyRequest) {
  const token = bearerToken(request);
  return token ? request.server.accessTokens.verify(token, request.server.clock.now()) : null;
}

/**
 * The actor from a bearer token: a valid signature, an unexpired 15-minute
 * token, and a live session of a verified account. The reviewer role is worked
 * out at every request (roles.ts), so a change applies at once.
 */
async function resolveActor(request: FastifyRequest): Promise<Actor | null> {
  const claims = await verifiedClaims(request);
  if (!claims) return null;
  const { sessions, clock, config } = request.server;
  const found = await sessions.findActor(claims.userId, claims.sessionId, clock.now());
  if (!found) return null;
  return { userId: found.userId, username: found.username, sessionId: found.sessionId, isReviewer: holdsReviewerRole(config, found) };
}

/** The 401 of a token whose session is over (revoked, expired, or its account gone). */
export function sessionEnded() {
  return unauthorized(serverMessages.sessionExpired, 'invalid_token');
}

/** The 401 of a member route: "session expired" when a token came, the plain one otherwise. */
function notSignedIn(request: FastifyRequest) {
  return bearerToken(request) ? sessionEnded() : unauthorized();
}

/**
 * A signed-in member, or 401. On a route marked `sessionInStatement` (the vote
 * writes), the token is verified here and the session is checked by the
 * route's own statement: request.voter, not request.actor.
 */
const requireMember: RouteHook = async (request, reply) => {
  // Whatever follows, the answer (a member's data, or 401) depends on the bearer token.
  privateAnswer(reply);
  addVary(reply, 'Authorization');
  if (request.routeOptions.config.sessionInStatement) {
    const claims = await verifiedClaims(request);
    if (!claims) throw notSignedIn(request);
    request.voter = { userId: claims.userId, sessionId: claims.sessionId, live: false, reserved: [] };
    return;
  }
  const actor = await resolveActor(request);
  if (!actor) throw notSignedIn(request);
  request.actor = actor;
};

/** A reviewer: 401 for a visitor, 403 for a member. */
const requireReviewer: RouteHook = async (request, reply) => {
  await requireMember(request, reply);
  if (!request.actor?.isReviewer) throw forbidden(messages.reviewerOnly, 'reviewer_only');
};

/**
 * A scope whose every route runs `guard` first, before its own hooks (the
 * rate limit, then validation), so a route declared inside cannot forget it.
 * Each route is marked with its access, for the tests that walk every route.
 */
function guarded(access: RouteAccess, guard: RouteHook) {
  return (routes: FastifyPluginAsyncZod): FastifyPluginAsyncZod =>
    async (scope, options) => {
      scope.addHook('onRoute', (route: RouteOptions) => {
        route.config = { ...route.config, access };
      });
      scope.addHook('preValidation', guard);
      await routes(scope, options);
    };
}

/**
 * Routes only a signed-in member may call: a visitor gets 401 before anything
 * else runs. The way to declare a member route:
 * `export const myRoutes = membersOnly(async (app) => { app.get(...) })`.
 */
export const membersOnly = guarded('member', requireMember);

/** Routes only a reviewer may call: 401 for a visitor, 403 for a member. */
export const reviewersOnly = guarded('reviewer', requireReviewer);

/**
 * A public route's hook: the member if a valid token came with the request; a
 * visitor otherwise. A visitor's answer may be cached, but only for requests
 * without a token.
 */
export const optionalMember: RouteHook = async (request, reply) => {
  addVary(reply, 'Authorization');
  request.actor = await resolveActor(request);
  if (request.actor || bearerToken(request)) privateAnswer(reply);
};

/**
 * Who is acting: the member the scope's guard (membersOnly, reviewersOnly)
 * found from a verified token, or 401. The one way a handler learns it.
 */
export function currentActor(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/**
 * The member of a route whose statement checks the session (route config
 * `sessionInStatement`), or 401.
 */
export function currentVoter(request: FastifyRequest): Voter {
  if (!request.voter) throw unauthorized();
  return request.voter;
}

/**
 * The 401 of a vote whose session turned out to be over. The hit of the member's write limit it
 * reserved is given back first: a token of an ended session must not use up the limit of the member's
 * live sessions (the lookup before every other member route answers such a token before any limit).
 */
export async function voterSessionEnded(request: FastifyRequest) {
  const reserved = request.voter?.reserved ?? [];
  if (reserved.length > 0) await request.server.rateLimitStore.refund(reserved);
  return sessionEnded();
}

/**
 * Runs a part of a `sessionInStatement` route (a hook, or the handler) so that
 * a refusal answers as the guard would have: if `part` throws before the
 * statement found the session live, the session is looked up, and a dead one
 * answers 401 in place of the refusal (400, 403, 429...). Nothing is written
 * either way, and a live member's requests cost no lookup.
 */
export async function sessionFirst<T>(request: FastifyRequest, part: () => Promise<T>): Promise<T> {
  try {
    return await part();
  } catch (error) {
    const voter = request.voter;
    const alreadyUnauthorized = error instanceof HttpError && error.statusCode === 401;
    if (voter && !voter.live && !alreadyUnauthorized) {
      const found = await request.server.sessions.findActor(voter.userId, voter.sessionId, request.server.clock.now());
      if (!found) throw await voterSessionEnded(request);
      voter.live = true;
    }
    throw error;
  }
}

/** Every user_id a member sends must be their own (docs/product.md §Acting as yourself). */
export function assertOwn<Member extends { userId: number }>(member: Member, userId: number): Member {
  if (member.userId !== userId) throw forbidden(serverMessages.notYourAccount, 'not_your_account');
  return member;
}

/** The acting member, whose every user_id sent must be their own (assertOwn). */
export function assertSelf(request: FastifyRequest, userId: number): Actor {
  return assertOwn(currentActor(request), userId);
}
