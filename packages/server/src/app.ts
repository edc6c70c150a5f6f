import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { AccessTokens, resolveJwtSecret } from './auth/access-tokens.js';
import { sessionsRepository } from './auth/sessions-repository.js';
import type { Config } from './config.js';
import { ChangeFeed } from './db/change-feed.js';
import type { DatabaseHandle } from './db/connection.js';
import { systemClock, type Clock } from './lib/clock.js';
import { MemoryRateLimitStore, type RateLimitStore } from './lib/rate-limit-store.js';
import { authRoutes } from './modules/auth/routes.js';
import { FilmListCache } from './modules/films/film-list-cache.js';
import { presentFilm } from './modules/films/presenter.js';
import { filmsRepository } from './modules/films/repository.js';
import { filmRoutes } from './modules/films/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { meRoutes } from './modules/me/routes.js';
import { mentionRoutes } from './modules/mentions/routes.js';
import { ratingRoutes } from './modules/ratings/routes.js';
import { submissionRoutes } from './modules/submissions/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { watchRoutes } from './modules/watch/routes.js';
import { docsPlugin } from './plugins/docs.js';
import { errorsPlugin } from './plugins/errors.js';
import { frameworkErrorAnswer, securityPlugin } from './plugins/security.js';
import { webPlugin } from './plugins/web.js';
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
}

/** A number of hops means: trust that many proxies in front of this process. */
function trustProxyOption(value: Config['trustProxy']): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

/** With several instances and no change feed, a ranked list is served at most this stale. */
const STALE_LIST_MS = 1000;

/** A burst of writes sends one NOTIFY; other instances hear of it this much later at most. */
const NOTIFY_COALESCE_MS = 20;

/** Runs `fn` once at the end of every window in which it was called. */
function coalesce(fn: () => void, windowMs: number): () => void {
  let timer: NodeJS.Timeout | undefined;
  return () => {
    timer ??= setTimeout(() => {
      timer = undefined;
      fn();
    }, windowMs);
  };
}

/** 64 KiB is far above any real request of this API; larger bodies get 413. */
const BODY_LIMIT = 64 * 1024;

/**
 * The whole HTTP surface, in a visible order: infrastructure, then the
 * application's shared services, then routes, then the web app.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const serverOptions: FastifyServerOptions = {
    logger: options.logger ?? false,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: BODY_LIMIT,
    return503OnClosing: true,
    frameworkErrors: frameworkErrorAnswer(config),
    routerOptions: { maxParamLength: 2000 },
  };
  const app = Fastify(serverOptions).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
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
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(docsPlugin);

  // 2. Application services.
  app.decorate('accessTokens', new AccessTokens(resolveJwtSecret(config.jwtSecret, config.dataDir)));
  app.decorate('sessions', sessionsRepository(database.db));
  const films = filmsRepository(database.db);
  // Several instances on one PostgreSQL hear each other's writes; without the feed, lists live 1 s.
  const feed = config.databaseUrl
    ? new ChangeFeed(config.databaseUrl, 'filmlist_films', () => app.filmListCache.invalidateLocal(), (error) =>
        app.log.warn({ err: error }, 'film change feed interrupted'),
      )
    : null;
  app.decorate(
    'filmListCache',
    new FilmListCache(async () => (await films.listAll()).map(presentFilm), {
      now: () => clock.now().getTime(),
      maxAgeMs: () => (feed && !feed.connected ? STALE_LIST_MS : undefined),
      broadcast: feed ? coalesce(() => void feed.notify(), NOTIFY_COALESCE_MS) : undefined,
    }),
  );
  if (feed) await feed.start();
  app.decorate('notifyOutbox', options.notifyOutbox ?? (() => undefined));

  // 3. Routes.
  await app.register(healthRoutes);
  await app.register(
    async (api) => {
      await api.register(filmRoutes, { prefix: '/films' });
      await api.register(submissionRoutes, { prefix: '/films' });
      await api.register(mentionRoutes, { prefix: '/mentions' });
      await api.register(ratingRoutes, { prefix: '/ratings' });
      await api.register(watchRoutes, { prefix: '/watch' });
      await api.register(userRoutes, { prefix: '/users' });
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(meRoutes, { prefix: '/me' });
    },
    { prefix: '/api' },
  );

  // 4. The web app and the not-found answers.
  await app.register(webPlugin, { root: options.webRoot ?? defaultWebRoot });

  app.addHook('onClose', async () => {
    await feed?.close();
    await app.rateLimitStore.close();
  });
  return app;
}

export const repoRoot = path.resolve(fileURLToPath(new URL('../../..', import.meta.url)));
