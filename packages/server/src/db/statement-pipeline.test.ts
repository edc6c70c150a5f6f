import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, testDatabaseUrl } from '../../test/support/config.js';
import { socketWrites } from '../../test/support/socket-writes.js';
import { isDatabaseUnavailable } from './pg-errors.js';
import { createPostgresPool, PIPELINE_APPLICATION_NAME, PIPELINED_CONNECTIONS } from './postgres-pool.js';
import { PIPELINED_STATEMENT_TIMEOUT_MS, STALLED_AFTER_MS, StatementPipeline, type Elsewhere } from './statement-pipeline.js';

const url = testDatabaseUrl ?? '';
const unused = () => Promise.reject(new Error('no statement should be held up here'));
/** The one number a test statement answers. */
const numberIn = (answer: pg.QueryResult<pg.QueryResultRow>): unknown => answer.rows[0]?.n;
const doubled = (n: number): pg.QueryConfig => ({ name: 'pipeline_test_double', text: 'SELECT $1::int * 2 AS n', values: [n] });

describe.runIf(onPostgres && testDatabaseUrl)('named statements over pipelined connections', () => {
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(() => admin.end());

  it("sends the app pool's named statements over its few pipelined connections, and the rest through the pool", async () => {
    const { pool, close } = createPostgresPool(url);
    try {
      const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => pool.query<{ n: number }>(doubled(i))));
      expect(answers.map(numberIn)).toEqual(Array.from({ length: 200 }, (_, i) => i * 2));
      // None of them took a pooled connection.
      expect(pool.totalCount).toBe(0);
      const { rows } = await admin.query<{ backends: number }>(
        'SELECT count(*)::int AS backends FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
        [PIPELINE_APPLICATION_NAME],
      );
      expect(rows[0]?.backends).toBe(PIPELINED_CONNECTIONS);
      // An unnamed query goes through the pool.
      expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows[0]?.one).toBe(1);
      expect(pool.totalCount).toBe(1);
    } finally {
      await close();
    }
  });

  it('writes the statements of one turn of the event loop to a connection at once, and answers each', async () => {
    const pipeline = new StatementPipeline({ connectionString: url }, 1, unused);
    try {
      await pipeline.query(doubled(0));
      const { result, writes } = await socketWrites(() => Promise.all(Array.from({ length: 50 }, (_, i) => pipeline.query(doubled(i)))));
      expect(result.map(numberIn)).toEqual(Array.from({ length: 50 }, (_, i) => i * 2));
      expect(writes).toBe(1);
      // Asked for in separate turns, each goes out on its own.
      const apart = await socketWrites(async () => {
        for (let i = 0; i < 3; i += 1) await pipeline.query(doubled(i));
      });
      expect(apart.writes).toBe(3);
    } finally {
      await pipeline.end();
    }
  });

  it('fails only the statement that fails, not those sent around it', async () => {
    const pipeline = new StatementPipeline({ connectionString: url }, 1, unused);
    try {
      const answers = await Promise.allSettled([
        pipeline.query(doubled(1)),
        pipeline.query({ name: 'pipeline_test_fails', text: 'SELECT 1 / $1::int AS n', values: [0] }),
        pipeline.query(doubled(3)),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(answers[1]).toMatchObject({ status: 'rejected', reason: { code: '22012' } });
      expect(numberIn(await pipeline.query(doubled(4)))).toBe(8);
    } finally {
      await pipeline.end();
    }
  });

  it('sends a statement elsewhere while every connection is held up behind one that has waited too long', async () => {
    let now = 0;
    const elsewhere: unknown[] = [];
    const why: Elsewhere[] = [];
    const pipeline = new StatementPipeline(
      { connectionString: url },
      1,
      (config, _values, reason) => {
        elsewhere.push(config.values);
        why.push(reason);
        return Promise.resolve({ command: 'SELECT', rowCount: 1, oid: 0, fields: [], rows: [{ n: -1 }] });
      },
      () => now,
    );
    try {
      await pipeline.query(doubled(0));
      // Slow, though within the statement timeout: the fake clock says it has waited longer.
      const slow = pipeline.query({ name: 'pipeline_test_slow', text: 'SELECT pg_sleep($1::float8)', values: [0.08] });
      now += STALLED_AFTER_MS;
      // Not yet held up: it queues behind the slow one.
      const queued = pipeline.query(doubled(1));
      now += 1;
      expect(numberIn(await pipeline.query(doubled(2)))).toBe(-1);
      expect(elsewhere).toEqual([[2]]);
      expect(why).toEqual(['held-up']);
      await slow;
      expect(numberIn(await queued)).toBe(2);
      // Answered, the connection takes statements again.
      expect(numberIn(await pipeline.query(doubled(3)))).toBe(6);
      expect(elsewhere).toHaveLength(1);
    } finally {
      await pipeline.end();
    }
  });

  it('runs a statement held up past its timeout again elsewhere, so those behind it wait that long at most', async () => {
    const holder = new pg.Client({ connectionString: url });
    const other = new pg.Client({ connectionString: url });
    await Promise.all([holder.connect(), other.connect()]);
    const elsewhere: unknown[] = [];
    const why: Elsewhere[] = [];
    const pipeline = new StatementPipeline({ connectionString: url }, 1, (config, values, reason) => {
      elsewhere.push(config.values ?? values);
      why.push(reason);
      return other.query<pg.QueryResultRow>(config, values);
    });
    const key = 7_246_000 + (process.pid % 1000);
    try {
      await pipeline.query(doubled(0));
      await holder.query('BEGIN');
      await holder.query('SELECT pg_advisory_xact_lock($1::bigint)', [key]);
      const started = performance.now();
      const locked = pipeline.query({
        name: 'pipeline_test_locks',
        text: 'SELECT 7 AS n FROM pg_advisory_xact_lock($1::bigint)',
        values: [key],
      });
      const behind = pipeline.query(doubled(4));
      expect(numberIn(await behind)).toBe(8);
      const waited = performance.now() - started;
      expect(waited).toBeGreaterThanOrEqual(PIPELINED_STATEMENT_TIMEOUT_MS - 10);
      expect(waited).toBeLessThan(PIPELINED_STATEMENT_TIMEOUT_MS + 900);
      // The locked one now waits elsewhere, with no timeout of the pipeline's: answered once the lock goes.
      await expect.poll(() => elsewhere).toEqual([[key]]);
      expect(why).toEqual(['cancelled']);
      await holder.query('COMMIT');
      expect(numberIn(await locked)).toBe(7);
    } finally {
      await pipeline.end();
      await Promise.all([holder.end(), other.end()]);
    }
  });

  it('fails the statements in flight on a connection that dies as the database being away, and reconnects for the next', async () => {
    const name = `${PIPELINE_APPLICATION_NAME} ${process.pid} dies`;
    const pipeline = new StatementPipeline({ connectionString: url, application_name: name }, 1, unused);
    try {
      await pipeline.query(doubled(0));
      const slow = pipeline.query({ name: 'pipeline_test_sleeps', text: 'SELECT pg_sleep($1::float8)', values: [5] });
      const behind = pipeline.query(doubled(2));
      // Awaited from here on: they fail as soon as the backend is terminated, which may come before the poll ends.
      const failing = Promise.allSettled([slow, behind]);
      await expect
        .poll(
          async () =>
            (await admin.query("SELECT 1 FROM pg_stat_activity WHERE application_name = $1 AND state = 'active'", [name])).rowCount,
        )
        .toBe(1);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [name]);
      const failures = await failing;
      for (const failure of failures) {
        expect(failure.status).toBe('rejected');
        expect(isDatabaseUnavailable(failure.status === 'rejected' ? failure.reason : undefined)).toBe(true);
      }
      expect(numberIn(await pipeline.query(doubled(5)))).toBe(10);
    } finally {
      await pipeline.end();
    }
  });
});
