import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { ZodType } from 'zod';
import { errorBody } from '@filmlist/shared/api/common';
import { messages } from '@filmlist/shared/messages';
import { HttpError } from '../lib/http-errors.js';
import type { SpentHit } from '../lib/rate-limit-store.js';
import type { RouteHook } from '../types.js';
import { clientAddress } from '../lib/client-address.js';

export interface LimitRule {
  limit: number;
  windowMs: number;
  /** hits an instance may take from the shared store at once (Budget.lease); reserveWrite's only */
  lease?: number;
}

const MINUTE = 60_000;

/** Explicit tiers (docs/product.md §Rate limits): strict on authentication, per user on writes. */
export const RATE_LIMITS = {
  /** Per address; wrong passwords per account are modules/auth/login-throttle.ts's. */
  login: { ip: { limit: 30, windowMs: 5 * MINUTE } },
  register: { ip: { limit: 20, windowMs: 60 * MINUTE }, account: { limit: 5, windowMs: 60 * MINUTE } },
  check: { ip: { limit: 60, windowMs: MINUTE }, account: { limit: 30, windowMs: MINUTE } },
  verification: { ip: { limit: 20, windowMs: 15 * MINUTE }, account: { limit: 5, windowMs: 15 * MINUTE } },
  refresh: { ip: { limit: 60, windowMs: MINUTE }, account: { limit: 10, windowMs: MINUTE } },
  /**
   * Forgot password and resend verification, per client address. Not per target address: a
   * stranger could then refuse the owner's own request; mail/quota.ts caps what a mailbox receives.
   */
  recovery: { ip: { limit: 10, windowMs: 60 * MINUTE } },
  /** Film submissions, per member: each mails the reviewers. */
  submit: { account: { limit: 30, windowMs: 60 * MINUTE } },
  /** Profile changes: guards the current-password check against guessing. */
  profile: { account: { limit: 20, windowMs: 15 * MINUTE } },
  /**
   * Votes and submissions, per member. A vote spends from a lease of up to 10 hits
   * (docs/decisions/017-leased-write-limits.md): one Redis step for a member's next votes.
   */
  write: { account: { limit: 300, windowMs: MINUTE, lease: 10 } },
  /** Watch clicks, per address. */
  watch: { ip: { limit: 120, windowMs: MINUTE } },
  /** The film database lookup (a type-ahead, debounced by the form): each may cost TMDB requests. */
  lookup: { ip: { limit: 120, windowMs: MINUTE }, account: { limit: 60, windowMs: MINUTE } },
  /** Temporary visitor ids (each is good for 30 days), per address. */
  visitorId: { ip: { limit: 20, windowMs: 60 * MINUTE } },
} satisfies Record<string, { ip?: LimitRule; account?: LimitRule }>;

export type LimitName = keyof typeof RATE_LIMITS;

/** A tier's counter for one account, whichever way it is counted (consumeLimit or reserveWrite). */
const accountKey = (name: LimitName, who: string): string => `${name}:acct:${who}`;

/** A signed-in member, as an account a limit counts. */
const memberAccount = (userId: number): string => `user:${userId}`;

function rateLimited(resetInMs: number): HttpError {
  const retryAfter = String(Math.max(1, Math.ceil(resetInMs / 1000)));
  return new HttpError(429, 'rate_limited', messages.rateLimited, undefined, { 'retry-after': retryAfter });
}

/** Counts one hit against `key`; past the rule's limit, a 429 with Retry-After. */
export async function consumeLimit(app: FastifyInstance, key: string, rule: LimitRule): Promise<void> {
  const { rateLimitStore, clock } = app;
  const { count, resetInMs } = await rateLimitStore.hit(key, rule.windowMs, clock.now().getTime());
  if (count > rule.limit) throw rateLimited(resetInMs);
}

/**
 * One hit of a member's write limit, kept so that it can be given back (the store's refund) when the
 * request turns out not to be the member's: a vote whose session is over (modules/auth/guards.ts,
 * sessionFirst). Past the limit, a 429 with Retry-After, and nothing spent.
 */
export async function reserveWrite(app: FastifyInstance, userId: number): Promise<readonly SpentHit[]> {
  const { rateLimitStore, clock } = app;
  const rule = RATE_LIMITS.write.account;
  const reserved = await rateLimitStore.spendIfRoom([{ key: accountKey('write', memberAccount(userId)), ...rule }], clock.now().getTime());
  if (!reserved.ok) throw rateLimited(reserved.resetInMs);
  return reserved.spent;
}

/**
 * The account a request is about, read from its raw body (or path) with the
 * route's own schema: limits run before validation, so the value may be
 * anything. Undefined when the request names none; the address limit still counts it.
 */
export function accountIn<T>(
  schema: ZodType<T>,
  pick: (value: T, request: FastifyRequest) => string | undefined,
  from: 'body' | 'params' = 'body',
) {
  return (request: FastifyRequest): string | undefined => {
    const parsed = schema.safeParse(from === 'body' ? request.body : request.params);
    return parsed.success ? pick(parsed.data, request) : undefined;
  };
}

/**
 * A hook that counts the request against its tier, per address (clientAddress:
 * an IPv6 address by its /64; X-Forwarded-For is honoured only when TRUST_PROXY
 * is set) and per account where
 * the tier has one. It runs before validation, so malformed requests count
 * too; `account` therefore reads the raw body (safeParse) and names the
 * account acted upon: by default the signed-in member.
 */
export function rateLimit(
  name: LimitName,
  account: (request: FastifyRequest) => string | undefined = (request) => (request.actor ? memberAccount(request.actor.userId) : undefined),
): RouteHook {
  const tier: { ip?: LimitRule; account?: LimitRule } = RATE_LIMITS[name];
  const hook: RouteHook = async (request) => {
    if (tier.ip) await consumeLimit(request.server, `${name}:ip:${clientAddress(request)}`, tier.ip);
    if (tier.account) {
      const who = account(request);
      // `account` names the account in its one canonical form (an id, a fold, an email key): no second fold here.
      if (who !== undefined) await consumeLimit(request.server, accountKey(name, who), tier.account);
    }
  };
  limitHooks.add(hook);
  return hook;
}

/** The hooks rateLimit made, by which documentRateLimit knows a limited route. */
const limitHooks = new WeakSet<object>();

/**
 * An onRoute hook (app.ts): a route whose preValidation counts a limit (rateLimit) declares its 429
 * in the OpenAPI document and its answer schema, so no limited route can leave it out. A route that
 * spends a limit in a hook of its own (the votes' reserveWrite) declares 429 itself.
 */
export function documentRateLimit(route: RouteOptions): void {
  const hooks: unknown[] = [route.preValidation ?? []].flat();
  if (!hooks.some((hook) => typeof hook === 'function' && limitHooks.has(hook))) return;
  const schema = route.schema ?? {};
  const response = typeof schema.response === 'object' && schema.response !== null ? schema.response : {};
  route.schema = { ...schema, response: { 429: errorBody, ...response } };
}
