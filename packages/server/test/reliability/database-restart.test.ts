import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '@filmlist/shared/api/common';
import { messages } from '@filmlist/shared/messages';
import { openDatabase } from '../../src/db/connection.js';
import { recountedCounters, storedCounters } from '../support/recount.js';
import { startServer, type ServerProcess } from '../support/server-process.js';
import { addFilm, mapLimit, signUp } from '../support/accounts.js';
import { unique } from '../support/names.js';
import { call, START_TIMEOUT_MS, sleep, waitFor, type HttpAnswer } from '../support/http.js';
import { outboxFiles } from '../support/smtp.js';
import { createCluster, postgresBinaries, type PostgresCluster } from '../support/postgres-cluster.js';
import { checkAgainstDatabase, tally, WriteLoad, type Outcome } from '../support/write-load.js';
import { onPostgres, soak } from '../support/config.js';

/**
 * docs/reliability.md, "Faults": PostgreSQL restarts under a write load. The test runs its
 * own cluster (initdb and pg_ctl into a temporary directory, as the postgres
 * user), never the shared server, so stopping it disturbs no other test.
 *
 * It runs in the server:postgres project (TEST_DATABASE_URL set), and needs
 * PostgreSQL's server binaries on this machine: the newest
 * /usr/lib/postgresql/<version>/bin, or the directory named by POSTGRES_BIN.
 * Without them it is skipped, with a line saying so.
 */
const bin = onPostgres ? postgresBinaries() : undefined;
if (onPostgres && !bin) {
  console.warn('database-restart.test.ts skipped: no initdb/pg_ctl found (set POSTGRES_BIN to their directory)');
}

/** Each request during the outage must be answered within this bound: an answer, not a hang. */
const REQUEST_BOUND_MS = 3_000;
/** The app must work again within this long after PostgreSQL is back. */
const RECOVERY_BOUND_MS = 5_000;
const OUTAGE_MS = 3_000;
/** `npm run soak` restarts it more times, alternating a crash (immediate) and a clean stop (fast). */
const OUTAGES: ('immediate' | 'fast')[] = soak ? ['immediate', 'fast', 'immediate', 'fast', 'immediate'] : ['immediate'];

interface Probe {
  at: number;
  answer: HttpAnswer | undefined;
}

describe.runIf(bin)('a PostgreSQL restart under a write load', () => {
  let cluster: PostgresCluster;
  let dataDir: string;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    cluster = await createCluster(bin ?? '');
    await cluster.start();
    const admin = new pg.Client({ connectionString: cluster.url('postgres') });
    await admin.connect();
    await admin.query('CREATE DATABASE filmlist');
    await admin.end();
    dataDir = mkdtempSync(path.join(tmpdir(), 'filmlist-dbrestart-'));
  }, 60_000);
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await cluster.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'answers 503 quickly while it is away, reports it on /readyz, recovers by itself within 5 s, and loses no acknowledged write',
    async () => {
      const reviewerName = unique('rev');
      const url = cluster.url('filmlist');
      server = await startServer(
        { DATA_DIR: dataDir, DATABASE_URL: url, REVIEWERS: `${reviewerName}@example.com`, SEED_DEMO: 'false' },
        START_TIMEOUT_MS,
      );
      const base = server.url;
      const mailbox = outboxFiles(dataDir);
      const reviewer = await signUp({ url: base, mailbox }, { username: reviewerName });
      const filmIds = await mapLimit([...Array(6).keys()], 3, (i) => addFilm(base, reviewer, `Power Cut ${i}`, 2000 + i));
      const members = await mapLimit([...Array(8).keys()], 4, () => signUp({ url: base, mailbox }));

      // Readiness, sampled all along.
      const probes: Probe[] = [];
      let probing = true;
      const prober = (async () => {
        while (probing) {
          const answer = await call(base, '/readyz', { timeoutMs: REQUEST_BOUND_MS }).catch(() => undefined);
          probes.push({ at: Date.now(), answer });
          await sleep(100);
        }
      })();

      const load = new WriteLoad({ baseUrl: base, members, filmIds, signUpWorkers: 1, timeoutMs: REQUEST_BOUND_MS, pauseMs: 5 });
      load.start();
      const isAck = (o: Outcome) => typeof o.status === 'number' && o.status < 300;

      for (const [index, mode] of OUTAGES.entries()) {
        const ackedBefore = load.acknowledged;
        await waitFor(`writes before outage ${index + 1}`, 20_000, () => load.acknowledged >= ackedBefore + 100);

        const stoppedAt = Date.now();
        await cluster.stop(mode);
        const down = Date.now();
        await sleep(OUTAGE_MS);
        // Away from `down` until pg_ctl is asked to start it; back (ready) when pg_ctl returns.
        const restartAt = Date.now();
        await cluster.start();
        const backAt = Date.now();

        // Recovered: a write acknowledged and /readyz at 200, both after PostgreSQL's return.
        const recoveredMs = await waitFor(
          'recovery',
          RECOVERY_BOUND_MS + 2_000,
          () => {
            const wrote = load.outcomes.some((o) => o.at > backAt && isAck(o));
            const ready = probes.some((p) => p.at > backAt && p.answer?.status === 200);
            return wrote && ready;
          },
          20,
        ).catch((error: unknown) => {
          const after = load.outcomes.filter((o) => o.at > backAt);
          throw new Error(
            `${String(error)}\nafter the return: ${JSON.stringify(tally(after))}, last answers ${JSON.stringify(after.slice(-3).map((o) => o.body))}, ` +
              `last /readyz ${JSON.stringify(probes.at(-1)?.answer)}\nserver output:\n${server?.output().slice(-4000) ?? ''}`,
          );
        });
        expect(recoveredMs).toBeLessThanOrEqual(RECOVERY_BOUND_MS);

        // While it was away: writes were refused with 503 and the clear message; /readyz said 503.
        const during = load.outcomes.filter((o) => o.at > down + 200 && o.at < restartAt);
        expect(during.length).toBeGreaterThan(0);
        for (const o of during) {
          expect(o.status).toBe(503);
          expect(errorBody.parse(o.body)).toEqual({ error: messages.serviceUnavailable, code: 'unavailable' });
        }
        const probesDuring = probes.filter((p) => p.at > down + 200 && p.at < restartAt);
        expect(probesDuring.length).toBeGreaterThan(0);
        for (const p of probesDuring) {
          expect(p.answer?.status).toBe(503);
          expect(p.answer?.body).toEqual({ status: 'unavailable', error: 'database unreachable' });
        }
        console.log(
          `database restart ${index + 1} (${mode}): stop took ${down - stoppedAt} ms, away ${restartAt - down} ms, start took ${backAt - restartAt} ms, ` +
            `recovered ${recoveredMs} ms after PostgreSQL was back; ${during.length} writes answered 503 while away`,
        );
      }
      await sleep(1_000);
      await load.stop();
      probing = false;
      await prober;
      console.log(
        `database restart: ${JSON.stringify(tally(load.outcomes))}; slowest answer ${Math.round(Math.max(...load.outcomes.map((o) => o.ms)))} ms`,
      );

      // Not a hang: every request had an answer within the bound, before, during and after.
      expect(load.outcomes.filter((o) => o.status === 'no answer').map((o) => o.body)).toEqual([]);
      expect(Math.max(...load.outcomes.map((o) => o.ms))).toBeLessThan(REQUEST_BOUND_MS);
      expect(probes.every((p) => p.answer !== undefined && p.answer.ms < REQUEST_BOUND_MS)).toBe(true);
      expect(probes.at(-1)?.answer?.status).toBe(200);
      // Never a 500: a lost connection is the database being away, whichever statement it hit.
      const failures = load.outcomes.filter((o) => typeof o.status === 'number' && o.status >= 500 && o.status !== 503);
      const loggedErrors = () =>
        (server?.output() ?? '')
          .split('\n')
          .filter((line) => line.includes('request failed'))
          .slice(0, 3)
          .join('\n');
      expect(failures.length, `answered 500:\n${JSON.stringify(failures.slice(0, 3))}\nlogged:\n${loggedErrors()}`).toBe(0);

      // The process lived through it, and its background parts came back too:
      expect(server.child.exitCode).toBeNull();
      // the change feed listens again: its own connection, reopened by itself, which has run LISTEN
      // (and its NOTIFY since, through pg_notify, if the app wrote after it came back)...
      const probe = new pg.Client({ connectionString: url });
      await probe.connect();
      try {
        await waitFor('the change feed listening again', RECOVERY_BOUND_MS, async () => {
          const { rows } = await probe.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE query IN ('LISTEN filmlist_films', 'SELECT pg_notify($1, $2)')`,
          );
          return (rows[0]?.n ?? 0) >= 1;
        });
      } finally {
        await probe.end();
      }
      // ... and the mail worker still sends: a sign-up now gets its verification link.
      await signUp({ url: base, mailbox });

      expect(await server.stop('SIGTERM')).toBe(0);
      server = undefined;

      const handle = await openDatabase({ databaseUrl: url, dataDir });
      try {
        expect(await checkAgainstDatabase(handle.db, load.outcomes)).toEqual([]);
        expect(await storedCounters(handle)).toEqual(await recountedCounters(handle));
      } finally {
        await handle.close();
      }
    },
    soak ? 300_000 : 90_000,
  );
});
