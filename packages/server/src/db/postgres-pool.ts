import pg from 'pg';
import { StatementPipeline } from './statement-pipeline.js';
import { LOCK_TIMEOUT } from './transaction.js';

/** Connections each instance keeps in pipeline mode for its named statements (./statement-pipeline.ts). */
export const PIPELINED_CONNECTIONS = 2;

/** How those connections name themselves to PostgreSQL (pg_stat_activity.application_name). */
export const PIPELINE_APPLICATION_NAME = 'filmlist pipelined statements';

/**
 * The connection pool of the app on PostgreSQL, set up to live through the
 * server going away: requests fail fast with a connection error (answered 503
 * by plugins/errors.ts) and the pool reconnects once the server is back.
 *
 * Its `query` sends the named statements (the prepared session check and vote
 * calls, each one statement) over a few pipelined connections instead
 * (./statement-pipeline.ts), or through the pool while those are held up;
 * everything else, transactions included (they check a client out with
 * `connect`), goes through the pool as before. `close` ends both.
 */
export function createPostgresPool(
  connectionString: string,
  options: { queryTimeoutMs?: number } = {},
): { pool: pg.Pool; close: () => Promise<void> } {
  const shared = {
    connectionString,
    // Waiting for a connection (or a free client) ends with an error, not a hang.
    connectionTimeoutMillis: 3000,
    // A query that waits this long for a lock or the server is reported, not left hanging.
    query_timeout: options.queryTimeoutMs ?? 15_000,
  };
  const pool = new pg.Pool({ ...shared, max: 10, idleTimeoutMillis: 30_000 });
  const pipeline = new StatementPipeline(
    { ...shared, application_name: PIPELINE_APPLICATION_NAME },
    PIPELINED_CONNECTIONS,
    (config, values, why) => throughPool(pool, config, values, why === 'cancelled'),
  );
  const poolQuery: unknown = Reflect.get(pg.Pool.prototype, 'query');
  if (typeof poolQuery !== 'function') throw new Error('node-postgres: Pool has no query');
  // drizzle calls query(config, values) and awaits the promise; a call of any other shape goes
  // through the pool's own query. (Set on the instance: the pool's query has a dozen overloads.)
  Object.defineProperty(pool, 'query', {
    value: (...args: unknown[]): unknown => {
      const [config, values] = args;
      if (args.length <= 2 && isNamedStatement(config) && (values === undefined || Array.isArray(values)))
        return pipeline.query(config, values);
      return Reflect.apply(poolQuery, pool, args);
    },
  });
  // An idle client losing its connection must not crash the process; the pool drops it.
  pool.on('error', () => undefined);
  // Nor may a checked-out one, such as a transaction's between two statements: node-postgres
  // emits 'error' on the client, which with no listener would end the process. Its queries fail
  // with the connection error, and the pool drops it when it is released (it is no longer queryable).
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return {
    pool,
    close: async () => {
      await pipeline.end();
      await pool.end();
    },
  };
}

/**
 * One statement on a pooled connection: one the pipelined connections could not take, as it is; or
 * one they cancelled while it waited for a lock (`waitsForLock`), in a transaction of its own that
 * lets it run at most LOCK_TIMEOUT. A lock's waiters queue for the row one after another, and each
 * wait has its own lock timeout, so the third voter on a film held locked would otherwise answer
 * after 4 s or more rather than 2. The connection is dropped if the statement broke it.
 */
async function throughPool(
  pool: pg.Pool,
  config: pg.QueryConfig,
  values: unknown[] | undefined,
  waitsForLock: boolean,
): Promise<pg.QueryResult<pg.QueryResultRow>> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    if (!waitsForLock) return await client.query<pg.QueryResultRow>(config, values);
    await client.query('BEGIN');
    try {
      await client.query("SELECT set_config('statement_timeout', $1, true)", [LOCK_TIMEOUT]);
      const result = await client.query<pg.QueryResultRow>(config, values);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.release(failure);
  }
}

function isNamedStatement(config: unknown): config is pg.QueryConfig & { name: string } {
  return (
    typeof config === 'object' &&
    config !== null &&
    'name' in config &&
    typeof config.name === 'string' &&
    config.name !== '' &&
    'text' in config
  );
}
