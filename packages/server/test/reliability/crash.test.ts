import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRatingAnswer } from '@filmlist/shared/api/votes';
import { openDatabase } from '../../src/db/connection.js';
import { recountedCounters, storedCounters } from '../support/recount.js';
import { startServer, type ServerProcess } from '../support/server-process.js';
import { addFilm, mapLimit, signUp, type Member } from '../support/accounts.js';
import { unique } from '../support/names.js';
import { emptyPostgresDatabase, type ScratchDatabase } from '../support/databases.js';
import { call, START_TIMEOUT_MS, waitFor } from '../support/http.js';
import { outboxFiles } from '../support/smtp.js';
import { checkAgainstDatabase, tally, WriteLoad, type Outcome } from '../support/write-load.js';
import { onPostgres, soak } from '../support/config.js';

/**
 * docs/reliability.md, "Faults": the real server process is killed with SIGKILL in the middle
 * of a stream of ratings, mentions and sign-ups, then started again on the same
 * data. On the embedded database in server:pglite, on a fresh PostgreSQL
 * database of its own in server:postgres. `npm run soak` repeats the
 * kill-and-restart cycle more times with more members.
 */
const ROUNDS = soak ? 6 : 1;
const MEMBERS = soak ? 24 : 12;
const FILMS = 8;
/** Acknowledged writes in each round before the kill. */
const WRITES_BEFORE_KILL = soak ? 400 : 250;

let dataDir: string;
let database: ScratchDatabase | undefined;
let server: ServerProcess | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'filmlist-crash-'));
  if (onPostgres) database = await emptyPostgresDatabase();
});
afterAll(async () => {
  await server?.stop('SIGKILL');
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe(`a process crash (SIGKILL) on ${onPostgres ? 'PostgreSQL' : 'the embedded database'}`, () => {
  it(
    'loses no acknowledged write, keeps the counters equal to a recount, and restarts with no repair',
    async () => {
      const reviewerName = unique('rev');
      const env: Record<string, string> = {
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        REVIEWERS: `${reviewerName}@example.com`,
        ...(database ? { DATABASE_URL: database.url } : {}),
      };
      server = await startServer(env, START_TIMEOUT_MS);
      // Without SMTP_URL the server writes each message to DATA_DIR/outbox: the verification links come from there.
      const mailbox = outboxFiles(dataDir);
      const reviewer = await signUp({ url: server.url, mailbox }, { username: reviewerName });
      const filmIds = await mapLimit([...Array(FILMS).keys()], 4, (i) =>
        addFilm(server?.url ?? '', reviewer, `Crash Course ${i}`, 1990 + i),
      );
      const members: Member[] = await mapLimit([...Array(MEMBERS).keys()], 4, () => signUp({ url: server?.url ?? '', mailbox }));

      const outcomes: Outcome[] = [];
      for (let round = 1; round <= ROUNDS; round += 1) {
        const load = new WriteLoad({ baseUrl: server.url, members, filmIds, signUpWorkers: 2, stopOnNoAnswer: true });
        load.start();
        await waitFor(
          `round ${round}: ${WRITES_BEFORE_KILL} acknowledged writes`,
          30_000,
          () => load.acknowledged >= WRITES_BEFORE_KILL,
          5,
        );
        server.child.kill('SIGKILL');
        expect(await server.exited).toBe('SIGKILL');
        await load.ended();
        outcomes.push(...load.outcomes);
        // Mid-stream: some requests were in flight when the process died (reset or hung up, not refused).
        const inFlight = load.outcomes.filter((o) => o.status === 'no answer' && !String(o.body).includes('ECONNREFUSED'));
        expect(inFlight.length).toBeGreaterThan(0);

        // Same data, same command, no repair step: it must start and serve.
        const started = Date.now();
        server = await startServer(env, START_TIMEOUT_MS);
        const restartMs = Date.now() - started;
        expect((await call(server.url, '/readyz')).status).toBe(200);
        console.log(`crash round ${round}: ${JSON.stringify(tally(load.outcomes))}; restarted in ${restartMs} ms`);
      }

      // Every acknowledged write is visible through the API of the restarted server...
      const acked = outcomes.filter((o) => typeof o.status === 'number' && o.status < 300);
      const lastRating = new Map<string, number>();
      for (const o of acked) if (o.op.kind === 'rate' || o.op.kind === 'edit') lastRating.set(`${o.op.userId}:${o.op.filmId}`, o.op.rating);
      const sample = [...lastRating.keys()].slice(0, 20);
      for (const key of sample) {
        const [userId, filmId] = key.split(':').map(Number);
        const member = members.find((m) => m.userId === userId);
        const check = await call(server.url, `/api/ratings/checkrating?user_id=${userId}&film_id=${filmId}`, { token: member?.token });
        expect(check.status).toBe(200);
        expect(checkRatingAnswer.parse(check.body).rated).toBe(true);
      }
      // ... and it takes new writes.
      const newcomer = await signUp({ url: server.url, mailbox });
      const vote = await call(server.url, '/api/ratings/rate', {
        body: { user_id: newcomer.userId, film_id: filmIds[0], rating: 7 },
        token: newcomer.token,
        from: newcomer.from,
      });
      expect(vote.status).toBe(201);
      expect(await server.stop('SIGTERM')).toBe(0);
      server = undefined;

      // Then the database itself, opened by the test once the server is gone.
      const handle = await openDatabase({ databaseUrl: database?.url, dataDir });
      try {
        expect(await checkAgainstDatabase(handle.db, outcomes)).toEqual([]);
        const stored = await storedCounters(handle);
        expect(stored).toEqual(await recountedCounters(handle));
        expect(stored.reduce((sum, film) => sum + film.r, 0)).toBeGreaterThan(0);
      } finally {
        await handle.close();
      }
    },
    soak ? 600_000 : 180_000,
  );
});
