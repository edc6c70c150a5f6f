import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { AccessTokens, openDatabase, RATE_LIMIT_PREFIX, rateLimitRedis, rowsOf, type Database } from '@filmlist/server/bench';
import { startServer, type ServerProcess } from '@filmlist/server/test/server-process';
import { benchDatabaseUrl, buildEnvironment, serverNodeArgs, skipBuild } from './config.js';

/**
 * What ships, built as `npm start` builds it: the shared contract, the server's dist and the
 * web app (BENCH_SKIP_BUILD=1 reuses the last build).
 */
export function buildWhatShips(): void {
  if (skipBuild) return;
  execFileSync('npm', ['run', 'build', '--silent'], {
    cwd: new URL('..', import.meta.url),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: buildEnvironment({ NODE_ENV: 'production' }),
  });
}

export const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';

/** One bench database: a PGlite directory, or a fresh database on BENCH_DATABASE_URL's server. */
export interface BenchDatabase {
  dataDir: string;
  url: string | undefined;
  /** open, run, close: PGlite allows one process at a time, so the server must be stopped meanwhile */
  use<T>(fn: (db: Database) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
}

export async function createBenchDatabase(name: string): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `filmlist-bench-${name}-`));
  const base = benchDatabaseUrl;
  let url: string | undefined;
  const database = `filmlist_bench_${name}_${process.pid}`;
  if (base) {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const parsed = new URL(base);
    parsed.pathname = `/${database}`;
    url = parsed.toString();
  }
  return {
    dataDir,
    url,
    async use(fn) {
      const handle = await openDatabase({ databaseUrl: url, dataDir, queryTimeoutMs: 10 * 60 * 1000 });
      try {
        return await fn(handle.db);
      } finally {
        await handle.close();
      }
    },
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
      if (base) {
        const admin = new pg.Client({ connectionString: base });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
        await admin.end();
      }
    },
  };
}

export function startBenchServer(database: BenchDatabase, env: Record<string, string> = {}): Promise<ServerProcess> {
  return startServer(
    {
      ...env,
      DATA_DIR: database.dataDir,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      JWT_SECRET: BENCH_SECRET,
      // Load comes from one address; members act from their own (X-Forwarded-For), as behind a proxy.
      TRUST_PROXY: 'true',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'error',
    },
    120_000,
    {
      // What ships: the build, as `npm start` runs it (bench/run.ts builds first).
      built: true,
      // For profiling runs: e.g. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof".
      nodeArgs: serverNodeArgs,
    },
  );
}

export interface BenchMember {
  userId: number;
  username: string;
  authorization: string;
}

/** Live sessions for the first `count` bench members, and access tokens for them (valid 15 minutes). */
export async function signInMembers(db: Database, count: number): Promise<BenchMember[]> {
  const result = await db.execute(sql`
    INSERT INTO sessions (session_id, user_id, created_at, expires_at)
    SELECT gen_random_uuid(), user_id, now(), now() + interval '1 day'
    FROM (SELECT user_id FROM users WHERE username LIKE 'bench%' ORDER BY user_id LIMIT ${count}) AS u
    RETURNING user_id, session_id, (SELECT username FROM users WHERE users.user_id = sessions.user_id) AS username`);
  const tokens = new AccessTokens(BENCH_SECRET);
  const now = new Date();
  return Promise.all(
    rowsOf(result).map(async (row) => ({
      userId: Number(row.user_id),
      username: String(row.username),
      authorization: `Bearer ${(await tokens.sign({ userId: Number(row.user_id), sessionId: String(row.session_id) }, now)).token}`,
    })),
  );
}

export const uniqueAddress = (() => {
  let n = 0;
  return () => {
    n += 1;
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  };
})();

export { randomUUID };

/**
 * Removes the limits spent in that Redis by what ran before (another bench, a profile run): the same
 * member ids would otherwise start a load part-way to their write limit.
 */
export async function clearSpentLimits(redisUrl: string): Promise<void> {
  const redis = rateLimitRedis(redisUrl, { enableOfflineQueue: true });
  try {
    const spent = await redis.keys(`${RATE_LIMIT_PREFIX}*`);
    if (spent.length > 0) await redis.del(...spent);
  } finally {
    redis.disconnect();
  }
}
