/** What a bench run is told through its environment: bench/'s one reader of process.env (eslint.config.js). */
const env = process.env;
const number = (name: string, fallback: number) => Number(env[name] ?? fallback);
const list = (name: string, fallback: string) => (env[name] ?? fallback).split(',');

/** BENCH_DATABASE_URL: run on this PostgreSQL server instead of the embedded database. */
export const benchDatabaseUrl = env.BENCH_DATABASE_URL || undefined;
/** BENCH_SKIP_BUILD=1 reuses the last build. */
export const skipBuild = Boolean(env.BENCH_SKIP_BUILD);
/** BENCH_NODE_ARGS: extra Node.js options for the server under test (e.g. --cpu-prof). */
export const serverNodeArgs = env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
/** This process's environment with `extra` on top, for a command the bench runs as a user would (the build, npm scripts). */
export const buildEnvironment = (extra: Record<string, string>): NodeJS.ProcessEnv => ({ ...env, ...extra });

/** The seeded catalogue of npm run bench and npm run bench:scale. */
export const catalogue = {
  films: number('BENCH_FILMS', 10_000),
  members: number('BENCH_MEMBERS', 20_000),
  votes: number('BENCH_VOTES', 1_000_000),
};

/** npm run bench (bench/run.ts). */
export const api = {
  dashboardFilms: number('BENCH_DASHBOARD_FILMS', 1_000),
  phases: list('BENCH_PHASES', 'dashboard,main,flood,cards,posters'),
  /** BENCH_PAGE=0 leaves out the page bench at the end */
  withPage: env.BENCH_PAGE !== '0',
};

/** npm run bench:page (bench/lighthouse.ts and bench/page-interactions.ts). */
export const page = {
  lighthouseFilms: number('LIGHTHOUSE_FILMS', 1_000),
  lighthouseRuns: number('LIGHTHOUSE_RUNS', 3),
  interactionFilms: number('INTERACTION_FILMS', 10_000),
  phases: list('PAGE_PHASES', 'first-view,lighthouse,interactions'),
  firstViewSizes: list('FIRST_VIEW_FILMS', '30,1000,10000').map(Number),
  firstViewRuns: number('FIRST_VIEW_RUNS', 5),
  lighthouseReportDir: env.LIGHTHOUSE_REPORT_DIR || undefined,
  traceDir: env.PAGE_TRACE_DIR || undefined,
  cpuThrottle: number('INTERACTION_CPU_THROTTLE', 1),
};

/** npm run bench:scale (bench/scale.ts): a PostgreSQL server is required there, so it has a default. */
export const scale = {
  databaseUrl: benchDatabaseUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl: env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379/9',
  /** scales every load's duration */
  seconds: number('BENCH_SECONDS', 10),
  streams: number('BENCH_STREAMS', 10_000),
  /** BENCH_SCALE_PHASES=streams (or writes, ...) runs those loads alone; the capacity model needs reads, writes, cpu and streams */
  phases: list('BENCH_SCALE_PHASES', 'reads,votes,writes,kill,cpu,streams'),
};

/** bench/profile-writes.ts: CONNECTIONS at once. */
export const profileConnections = number('CONNECTIONS', 20);

/** bench/profile-writes.ts: PROFILE_KIND=mention profiles mention writes (by default, ratings). */
export const profileKind = env.PROFILE_KIND === 'mention' ? 'mention' : 'rating';

/** bench/profile-writes.ts: PROFILE_REDIS_URL counts the limits in that Redis, as deployed instances do (by default, in memory). */
export const profileRedisUrl = env.PROFILE_REDIS_URL || undefined;
