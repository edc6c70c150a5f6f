import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Server } from 'node:http';
import Fastify, { type FastifyHttpOptions, type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { AccessTokens, resolveJwtSecret } from './modules/auth/access-tokens.js';
import { sessionsRepository } from './modules/auth/sessions-repository.js';
import type { Config } from './config.js';
import { ChangeFeed } from './db/change-feed.js';
import type { DatabaseHandle } from './db/connection.js';
import { BackgroundWork } from './lib/background.js';
import { systemClock, type Clock } from './lib/clock.js';
import { MemoryRateLimitStore, type RateLimitStore } from './lib/rate-limit-store.js';
import { requestForLog } from './lib/request-log.js';
import { loginRoutes } from './modules/auth/login-routes.js';
import { authRoutes, storeRoutes } from './modules/auth/routes.js';
import { cardRoutes } from './modules/cards/routes.js';
import { posterRoutes } from './modules/posters/routes.js';
import { lookupRoutes } from './modules/film-database/lookup-routes.js';
import { discoveryRoutes } from './modules/discovery/routes.js';
import { entryRoutes } from './modules/film-database/entry.js';
import { createFilmDatabase } from './modules/film-database/film-database.js';
import type { TmdbHttpOptions } from './modules/film-database/tmdb-http.js';
import { decodeFilmChanges, encodeFilmChanges, FILMS_CHANGED_CHANNEL, type FilmChanges } from './modules/films/film-changes.js';
import { listEventRoutes } from './modules/films/events-routes.js';
import { FilmListCache } from './modules/films/film-list-cache.js';
import { ListEvents } from './modules/films/list-events.js';
import { presentFilm } from './modules/films/presenter.js';
import { filmsRepository } from './modules/films/repository.js';
import { filmRoutes } from './modules/films/routes.js';
import { standingRoutes } from './modules/films/standing-routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { letterboxdRoutes } from './modules/me/letterboxd-routes.js';
import { meRoutes } from './modules/me/routes.js';
import { pageRoutes } from './modules/pages/routes.js';
import { mentionRoutes } from './modules/mentions/routes.js';
import { ratingRoutes } from './modules/ratings/routes.js';
import { reviewerRoutes } from './modules/reviewers/routes.js';
import { decisionRoutes, submissionRoutes } from './modules/submissions/routes.js';
import { recoveryRoutes } from './modules/users/recovery-routes.js';
import { accountRoutes } from './modules/users/account-routes.js';
import { userRoutes } from './modules/users/routes.js';
import { watchRoutes } from './modules/watch/routes.js';
import { watchlistRoutes } from './modules/watchlist/routes.js';
import { docsPlugin } from './plugins/docs.js';
import { errorsPlugin } from './plugins/errors.js';
import { documentRateLimit } from './plugins/rate-limit.js';
import { clientErrorAnswer, frameworkErrorAnswer, securityPlugin } from './plugins/security.js';
import { webAssetsPlugin } from './plugins/web-assets.js';
import './types.js';

export const defaultWebRoot = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  rateLimitStore?: RateLimitStore;
  logger?: FastifyServerOptions['logger'];
  /** called after a commit that queued mail */
  notifyOutbox?: () => void;
  webRoot?: string;
  /** sees every route as it is added (tests enumerate the whole HTTP surface with it) */
  onRoute?: (route: RouteOptions) => void;
  /** the time limits of a request on the socket (tests shorten them) */
  timeouts?: Partial<typeof REQUEST_TIMEOUTS>;
  /** the film database client's time limits, retries and budget (tests shorten them) */
  filmDatabaseHttp?: Partial<TmdbHttpOptions>;
}

/**
 * Time limits of the HTTP server, so a slow client cannot hold a connection:
 * headers must arrive within `headersMs`, the whole request (body included)
 * within `requestMs`, or it gets a 408; a connection silent for `idleMs` is
 * closed. Node checks them every `checkEveryMs`.
 */
export const REQUEST_TIMEOUTS = { headersMs: 10_000, requestMs: 15_000, idleMs: 30_000, checkEveryMs: 1_000 };

/** A number of hops means: trust that many proxies in front of this process. */
function trustProxyOption(value: Config['trustProxy']): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

/** With several instances and no change feed, a ranked list is served at most this stale. */
const STALE_LIST_MS = 1000;

/**
 * A process sends at most one NOTIFY in this long: a write's at once, and those of a burst together
 * at the end of the window. Every NOTIFY wakes every instance and its listening backend, which a
 * NOTIFY per vote made the largest cost of a vote behind several instances (docs/capacity.md).
 */
const NOTIFY_WINDOW_MS = 100;

/** Runs `fn` at once, or, when it ran less than `windowMs` ago, once when that much has passed: at most once per window. */
function throttle(fn: () => void, windowMs: number): () => void {
  let last = -Infinity;
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    timer = undefined;
    last = performance.now();
    fn();
  };
  return () => {
    if (timer) return;
    const wait = last + windowMs - performance.now();
    if (wait <= 0) run();
    else timer = setTimeout(run, wait);
  };
}

/** 64 KiB is far above any real request of this API; larger bodies get 413. */
const BODY_LIMIT = 64 * 1024;

/** A logger that writes requests through requestForLog, whoever configured it (server.ts, a test). */
function withRequestSerializer(logger: NonNullable<AppOptions['logger']>): AppOptions['logger'] {
  if (logger === false) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: requestForLog } };
}

/**
 * The whole HTTP surface, in a visible order: infrastructure, then the
 * application's shared services, then routes, then the web app.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const timeouts = { ...REQUEST_TIMEOUTS, ...options.timeouts };
  const serverOptions: FastifyHttpOptions<Server> = {
    logger: withRequestSerializer(options.logger ?? false),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: BODY_LIMIT,
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkEveryMs },
    // The security plugin answers requests that arrive while closing, with its headers.
    return503OnClosing: false,
    frameworkErrors: frameworkErrorAnswer(config),
    clientErrorHandler: clientErrorAnswer(config),
    routerOptions: { maxParamLength: 2000 },
  };
  const app = Fastify(serverOptions).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.addHook('onRoute', documentRateLimit);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // 1. Infrastructure.
  const clock = options.clock ?? systemClock;
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('clock', clock);
  app.decorate('rateLimitStore', options.rateLimitStore ?? new MemoryRateLimitStore());
  app.decorateRequest('actor', null);
  app.decorateRequest('voter', null);
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(docsPlugin);

  // 2. Application services.
  app.decorate('accessTokens', new AccessTokens(resolveJwtSecret(config.jwtSecret, config.dataDir)));
  app.decorate('sessions', sessionsRepository(database.db));
  const films = filmsRepository(database.db);
  // Several instances on one PostgreSQL hear each other's writes; without the feed, lists live 1 s.
  const feed = config.databaseUrl
    ? new ChangeFeed(
        config.databaseUrl,
        FILMS_CHANGED_CHANNEL,
        (payload) => {
          app.filmListCache.invalidateLocal(decodeFilmChanges(payload));
          app.listEvents.changed();
        },
        (error) => app.log.warn({ err: error }, 'film change feed interrupted'),
      )
    : null;
  // The films written here since the last notice, named in the next one (at most one per NOTIFY_WINDOW_MS).
  // A notice that could not be sent leaves the others unaware of its films: the next one, tried a window
  // later and again until one goes, says "any film".
  let unannounced: FilmChanges = new Set();
  const announce: (() => void) | undefined = feed
    ? throttle(() => {
        const changes = unannounced;
        unannounced = new Set();
        void feed.notify(encodeFilmChanges(changes)).then((sent) => {
          if (sent || feed.closed) return;
          unannounced = 'all';
          announce?.();
        });
      }, NOTIFY_WINDOW_MS)
    : undefined;
  app.decorate(
    'filmListCache',
    new FilmListCache(
      {
        all: async () => (await films.listAll()).map(presentFilm),
        some: async (filmIds) => (await films.listSome(filmIds)).map(presentFilm),
      },
      {
        now: () => clock.now().getTime(),
        maxAgeMs: () => (feed && !feed.connected ? STALE_LIST_MS : undefined),
        broadcast: (filmId) => {
          app.listEvents.changed();
          if (!announce) return;
          if (filmId === undefined) unannounced = 'all';
          else if (unannounced !== 'all') unannounced.add(filmId);
          announce();
        },
      },
    ),
  );
  app.decorate(
    'listEvents',
    new ListEvents({
      version: async () => (await app.filmListCache.get()).etag,
      clock,
      mayMissChanges: () => feed !== null && !feed.connected,
      limits: { perAddress: config.eventStreams.perAddress, total: config.eventStreams.max },
      onError: (error) => app.log.warn({ err: error }, 'live list: the list version could not be read'),
    }),
  );
  // Open streams end as the server closes, so it need not wait for their clients (docs/product.md §Live list).
  app.addHook('preClose', async () => app.listEvents.close());
  if (feed) await feed.start();
  app.decorate('filmDatabase', createFilmDatabase(config.filmDatabase, database.db, clock, app.log, options.filmDatabaseHttp));
  app.decorate('notifyOutbox', options.notifyOutbox ?? (() => undefined));
  app.decorate('background', new BackgroundWork(app.log));

  // 3. Routes. A module declares its member and reviewer routes inside membersOnly or
  // reviewersOnly (modules/auth/guards.ts), which authenticates every route in the scope.
  await app.register(healthRoutes);
  await app.register(
    async (api) => {
      await api.register(filmRoutes, { prefix: '/films' });
      await api.register(listEventRoutes, { prefix: '/films' });
      await api.register(standingRoutes, { prefix: '/films' });
      await api.register(submissionRoutes, { prefix: '/films' }); // members
      await api.register(decisionRoutes, { prefix: '/films' }); // reviewers
      await api.register(reviewerRoutes, { prefix: '/films' }); // reviewers
      await api.register(lookupRoutes, { prefix: '/films' }); // members
      await api.register(entryRoutes, { prefix: '/films' }); // reviewers
      await api.register(mentionRoutes, { prefix: '/mentions' }); // counts public, votes members
      await api.register(ratingRoutes, { prefix: '/ratings' }); // counts public, votes members
      await api.register(watchRoutes, { prefix: '/watch' }); // visitors, and members as themselves
      await api.register(userRoutes, { prefix: '/users' });
      await api.register(accountRoutes, { prefix: '/users' }); // members
      await api.register(recoveryRoutes, { prefix: '/users' });
      await api.register(loginRoutes, { prefix: '/users' });
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(storeRoutes, { prefix: '/auth' }); // members
      await api.register(meRoutes, { prefix: '/me' }); // members
      await api.register(watchlistRoutes, { prefix: '/me' }); // members
      await api.register(letterboxdRoutes, { prefix: '/me' }); // members
    },
    { prefix: '/api' },
  );

  // Discovery (feed, sitemap, robots.txt), share cards and posters, beside the pages they describe.
  await app.register(discoveryRoutes);
  await app.register(cardRoutes);
  await app.register(posterRoutes);

  // 4. The web app: its built files, its pages and the not-found answers.
  const webRoot = options.webRoot ?? defaultWebRoot;
  await app.register(webAssetsPlugin, { root: webRoot });
  await app.register(pageRoutes, { root: webRoot });

  app.addHook('onClose', async () => {
    await app.background.idle();
    await feed?.close();
    await app.rateLimitStore.close();
  });
  return app;
}

export const repoRoot = path.resolve(fileURLToPath(new URL('../../..', import.meta.url)));
