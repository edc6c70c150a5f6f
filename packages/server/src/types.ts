import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.js';
import type { Database, DatabaseHandle } from './db/connection.js';
import type { AccessTokens } from './modules/auth/access-tokens.js';
import type { SessionsRepository } from './modules/auth/sessions-repository.js';
import type { BackgroundWork } from './lib/background.js';
import type { Clock } from './lib/clock.js';
import type { RateLimitStore, SpentHit } from './lib/rate-limit-store.js';
import type { FilmDatabase } from './modules/film-database/film-database.js';
import type { FilmListCache } from './modules/films/film-list-cache.js';
import type { ListEvents } from './modules/films/list-events.js';

/** Who is acting: set from a verified access token only, never from a request body. */
export interface Actor {
  userId: number;
  username: string;
  sessionId: string;
  isReviewer: boolean;
}

/**
 * A member named by a verified access token whose session the route's own
 * statement checks (the vote writes: modules/votes/vote-function.ts), so the
 * guard does not look it up first. `live` is true once a check found it live.
 */
export interface Voter {
  userId: number;
  sessionId: string;
  live: boolean;
  /** the hit of the member's write limit this request reserved, given back if its session is over */
  reserved: readonly SpentHit[];
}

/**
 * A route hook. Routes run these as preValidation hooks, so the chain is:
 * authenticate (the scope's guard), rate limit, then validate, then the handler authorises.
 */
export type RouteHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Who may call a route, as its guard declared it (modules/auth/guards.ts); a public route has none. */
export type RouteAccess = 'member' | 'reviewer';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** set by membersOnly or reviewersOnly on every route they declare */
    access?: RouteAccess;
    /** a member route whose own statement checks the session (modules/auth/guards.ts, votingMember) */
    sessionInStatement?: true;
  }
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    db: Database;
    clock: Clock;
    accessTokens: AccessTokens;
    sessions: SessionsRepository;
    rateLimitStore: RateLimitStore;
    filmListCache: FilmListCache;
    /** The open live-list streams (GET /api/films/events) and what they are told. */
    listEvents: ListEvents;
    /** TMDB, when TMDB_API_TOKEN is set (modules/film-database/) */
    filmDatabase: FilmDatabase;
    /** Wakes the outbox worker after a commit that queued mail. */
    notifyOutbox: () => void;
    /** Work requests start without waiting for it (lib/background.ts). */
    background: BackgroundWork;
  }
  interface FastifyRequest {
    actor: Actor | null;
    /** on a route whose statement checks the session, in place of `actor` */
    voter: Voter | null;
  }
}
