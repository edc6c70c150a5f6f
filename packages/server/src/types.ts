import type { Config } from './config.js';
import type { Database, DatabaseHandle } from './db/connection.js';
import type { AccessTokens } from './modules/auth/access-tokens.js';
import type { SessionsRepository } from './modules/auth/sessions-repository.js';
import type { BackgroundWork } from './lib/background.js';
import type { Clock } from './lib/clock.js';
import type { RateLimitStore } from './lib/rate-limit-store.js';
import type { FilmListCache } from './modules/films/film-list-cache.js';

/** Who is acting: set from a verified access token only, never from a request body. */
export interface Actor {
  userId: number;
  username: string;
  sessionId: string;
  isReviewer: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    db: Database;
    clock: Clock;
    accessTokens: AccessTokens;
    sessions: SessionsRepository;
    rateLimitStore: RateLimitStore;
    filmListCache: FilmListCache;
    /** Wakes the outbox worker after a commit that queued mail. */
    notifyOutbox: () => void;
    /** Work requests start without waiting for it (lib/background.ts). */
    background: BackgroundWork;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}
