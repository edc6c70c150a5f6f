import pg from 'pg';

/**
 * The connection pool of the app on PostgreSQL, set up to live through the
 * server going away: requests fail fast with a connection error (answered 503
 * by plugins/errors.ts) and the pool reconnects once the server is back.
 */
export function createPostgresPool(connectionString: string, options: { queryTimeoutMs?: number } = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // Waiting for a connection (or a free client) ends with an error, not a hang.
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    // A query that waits this long for a lock or the server is reported, not left hanging.
    query_timeout: options.queryTimeoutMs ?? 15_000,
  });
  // An idle client losing its connection must not crash the process; the pool drops it.
  pool.on('error', () => undefined);
  // Nor may a checked-out one, such as a transaction's between two statements: node-postgres
  // emits 'error' on the client, which with no listener would end the process. Its queries fail
  // with the connection error, and the pool drops it when it is released (it is no longer queryable).
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return pool;
}
