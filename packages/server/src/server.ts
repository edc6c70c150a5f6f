import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/connection.js';
import { backfillIdentityKeys } from './db/identity-backfill.js';
import { startEmbeddedMaintenance } from './db/maintenance.js';
import { startFilmRefresh } from './jobs/film-refresh.js';
import { startHousekeeping } from './jobs/housekeeping.js';
import { systemClock } from './lib/clock.js';
import { MemoryRateLimitStore, rateLimitRedis, RedisRateLimitStore, type RateLimitStore } from './lib/rate-limit-store.js';
import { createMailTransport } from './mail/transports.js';
import { createOutboxWorker } from './mail/worker.js';
import { seedDemoCatalogue } from './seed/demo-films.js';
import { countDemoMembers } from './seed/demo-votes.js';

function fail(message: string): never {
  console.error(`The Film List could not start: ${message}`);
  process.exit(1);
}

function describeError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return describeError(error.errors[0]);
  return error instanceof Error ? error.message : String(error);
}

function rateLimitStore(config: Config): RateLimitStore {
  if (!config.redisUrl) return new MemoryRateLimitStore();
  const redis = rateLimitRedis(config.redisUrl);
  redis.on('error', () => undefined);
  return new RedisRateLimitStore(redis, config.redisKeyPrefix);
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(`invalid configuration: ${error.message}`);
    throw error;
  }

  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    const where = config.databaseUrl
      ? 'the PostgreSQL server named by DATABASE_URL'
      : `the embedded database in ${path.join(config.dataDir, 'db')}`;
    fail(`cannot open ${where}: ${describeError(error)}`);
  }
  const clock = systemClock;
  // The identity keys of rows from before them: the migrations cannot compute them (db/identity-backfill.ts).
  const identity = await backfillIdentityKeys(database.db, { now: clock.now(), publicUrl: config.publicUrl });

  const worker: { current?: ReturnType<typeof createOutboxWorker> } = {};
  const limits = rateLimitStore(config);
  const app = await buildApp({
    config,
    database,
    clock,
    rateLimitStore: limits,
    logger: { level: config.logLevel },
    notifyOutbox: () => worker.current?.wake(),
  });
  // An operator must see when the limits stop being shared (each instance then allows the limit alone).
  if (limits instanceof RedisRateLimitStore)
    limits.watch((shared, error) => {
      // At the same level as the warning, so that whoever sees the one sees the other.
      if (shared) app.log.warn('Redis answers again: the rate limits are shared by every instance');
      else
        app.log.warn(
          { reason: describeError(error) },
          'Redis does not answer: rate limits are counted by this instance alone until it does',
        );
    });

  if (identity.updated > 0) app.log.info({ rows: identity.updated }, 'identity keys computed for rows from before them');
  for (const renamed of identity.renamed) {
    app.log.warn(renamed, 'an account renamed: an account registered before it has a name that reads the same; its member is told by mail');
  }
  for (const clash of identity.clashes) {
    app.log.warn(
      `${clash} has the same name as another once names are compared one way; it keeps its placeholder until one of the two is changed`,
    );
  }

  const transport = createMailTransport(config, app.log);
  worker.current = createOutboxWorker({ db: database.db, transport, clock, from: config.mailFrom, log: app.log });
  worker.current.start();
  const housekeeping = startHousekeeping({ db: database.db, clock, log: app.log });
  const filmRefresh = app.filmDatabase.client
    ? startFilmRefresh({
        db: database.db,
        filmDatabase: app.filmDatabase,
        clock,
        log: app.log,
        onChange: () => app.filmListCache.invalidate(),
      })
    : null;
  const maintenance = database.kind === 'pglite' ? startEmbeddedMaintenance({ db: database.db, log: app.log }) : null;

  let seeded = 0;
  if (database.kind === 'pglite' && database.fresh && config.seedDemo) {
    seeded = (await seedDemoCatalogue(database.db, clock.now())).films;
  }
  const demoMembers = await countDemoMembers(database.db);

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    fail(`cannot listen on ${config.host}:${config.port}: ${describeError(error)}`);
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // The default public URL names PORT; with PORT=0 the port is known only now.
  const publicBase = config.publicUrl === `http://localhost:${config.port}` ? `http://localhost:${port}` : config.publicUrl;
  const lines = [
    '',
    `  The Film List is running at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`,
    `  Public URL for links: ${config.publicUrl}`,
    `  Database: ${database.kind === 'pglite' ? `embedded (${path.join(config.dataDir, 'db')})` : 'PostgreSQL (DATABASE_URL)'}${seeded ? `, seeded with ${seeded} demo films` : ''}`,
    ...(demoMembers
      ? [
          `  Demo data: ${demoMembers} demo members' answers and ratings (they cannot log in). Remove them with: npm run demo:clear${database.kind === 'pglite' ? ' (stop the server first)' : ''}`,
        ]
      : []),
    `  Mail: ${transport.describe()}`,
    `  Film database: ${config.filmDatabase.token ? `TMDB at ${config.filmDatabase.apiUrl}, where to watch in ${config.filmDatabase.watchRegionName}` : 'off (TMDB_API_TOKEN=<TMDB API Read Access Token> looks films up in TMDB)'}`,
    `  Reviewers: ${config.reviewers.size ? [...config.reviewers].join(', ') : 'none yet'} (REVIEWERS=alice@example.com,bob@example.com: the account that verifies one of these addresses is a reviewer)`,
    `  API documentation: ${publicBase}/api/docs`,
    '',
  ];
  console.log(lines.join('\n'));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    maintenance?.stop();
    await app.close();
    await worker.current?.stop();
    await housekeeping.stop();
    await filmRefresh?.stop();
    await transport.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => fail(describeError(error)));
