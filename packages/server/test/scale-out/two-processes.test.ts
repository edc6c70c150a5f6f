import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBody } from '@filmlist/shared/api/common';
import { addFilmAnswer, filmList } from '@filmlist/shared/api/films';
import { loginAnswer, registerAnswer, verificationAnswer } from '@filmlist/shared/api/users';
import { messages } from '@filmlist/shared/messages';
import { migrationsFolder } from '../../src/db/connection.js';
import * as schema from '../../src/db/schema.js';
import { LOGIN_LIMITS } from '../../src/modules/auth/login-throttle.js';
import { RATE_LIMITS } from '../../src/plugins/rate-limit.js';
import { call as request, START_TIMEOUT_MS, waitFor, type HttpAnswer } from '../support/http.js';
import { startSmtpServer, verificationTokenIn, type SentMail, type TestSmtpServer } from '../support/smtp.js';
import { withDatabase } from '../support/global-setup.js';
import { startServer, type ServerProcess } from '../support/server-process.js';
import { onPostgres, testDatabaseUrl, testRedisUrl } from '../support/config.js';
import { MEMBER_PASSWORD } from '../support/names.js';

/**
 * Two real server processes on one fresh PostgreSQL database, as a load
 * balancer would run them: Redis for rate limits, a real SMTP server for
 * mail, and every request sent to the two in turn.
 */

const redisUrl = testRedisUrl;
const PUBLIC_URL = 'http://films.test';
const SIGN_UPS = 30;
const SMTP_DELAY_MS = 60;

// One tag per run names this run's database, accounts, addresses and Redis keys.
const tag = randomBytes(4).toString('hex');
const databaseName = `filmlist_scale_${process.pid}_${tag}`;
const redisPrefix = `filmlist:test:${tag}:rl:`;
/** A client address of this run, sent as X-Forwarded-For (both processes trust the proxy): each in a /64 of its own, as limits count an IPv6 client by its /64. */
const address = (n: number) => `fd00:${tag.slice(0, 4)}:${tag.slice(4)}:${n.toString(16)}::1`;
const username = (n: number) => `so${tag}u${n}`;
const emailOf = (n: number) => `${username(n)}@example.com`;
const REVIEWER = 0;

let servers: ServerProcess[] = [];
let turn = 0;
const nth = (i: number): ServerProcess => {
  const server = servers[i % servers.length];
  if (!server) throw new Error('no server');
  return server;
};
/** The two processes in turn: every call goes to the other one than the last. */
const next = (): ServerProcess => nth(turn++);

/** One request from the client at `ip`, as the trusted proxy in front would forward it. */
function call(
  server: ServerProcess,
  method: 'GET' | 'POST',
  url: string,
  options: { body?: unknown; ip?: string; token?: string } = {},
): Promise<HttpAnswer> {
  return request(server.url, url, {
    method,
    body: options.body,
    ...(options.token ? { token: options.token } : {}),
    headers: { 'x-forwarded-for': options.ip ?? address(0xffff) },
  });
}

async function rankedList(server: ServerProcess) {
  const answer = await call(server, 'GET', '/api/films/allfilms');
  expect(answer.status).toBe(200);
  return filmList.parse(answer.body).films;
}

describe.runIf(onPostgres)('two server processes on one PostgreSQL database', () => {
  const base = testDatabaseUrl ?? '';
  // The body runs at collection even where the suite is skipped: no URL to parse there.
  const databaseUrl = onPostgres ? withDatabase(base, databaseName) : '';
  const received: SentMail[] = [];
  const dataDirs: string[] = [];
  let smtp: TestSmtpServer;
  let db: pg.Client;
  /** user id and access token of each signed-up member, by number */
  const members = new Map<number, { userId: number; token: string }>();

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    // A slow server: each worker is still delivering its claimed batch when the other polls.
    smtp = await startSmtpServer(0, received, { acceptDelayMs: SMTP_DELAY_MS });
    const env = (n: number): Record<string, string> => {
      const dir = mkdtempSync(path.join(tmpdir(), `filmlist-scale-${n}-`));
      dataDirs.push(dir);
      return {
        DATA_DIR: dir,
        DATABASE_URL: databaseUrl,
        // Every instance must sign and check tokens with the same key.
        JWT_SECRET: `scale-out-test-secret-${tag}-0123456789abcdef`,
        PUBLIC_URL,
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'The Film List <mail@films.test>',
        REVIEWERS: emailOf(REVIEWER),
        TRUST_PROXY: 'true',
        // A prefix of this run's own: accounts' limits are keyed by user id, which every run's fresh database repeats.
        ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: redisPrefix } : {}),
      };
    };
    // Both start at once on the empty database: both try to migrate it.
    const started = await Promise.allSettled([startServer(env(1), START_TIMEOUT_MS), startServer(env(2), START_TIMEOUT_MS)]);
    servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failure = started.find((s) => s.status === 'rejected');
    if (failure) throw failure.reason;
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
  }, 90_000);

  afterAll(async () => {
    const exits = await Promise.all(servers.map((s) => s.stop('SIGTERM')));
    await db?.end();
    await smtp?.close();
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
    if (redisUrl) {
      // Only this run's keys.
      const redis = new Redis(redisUrl);
      const keys: string[] = [];
      let cursor = '0';
      do {
        const [nextCursor, batch] = await redis.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 1000);
        cursor = nextCursor;
        keys.push(...batch);
      } while (cursor !== '0');
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    }
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    expect(exits).toEqual(servers.map(() => 0));
  });

  it('migrates once when both start at once on an empty database', async () => {
    for (const server of servers) expect((await call(server, 'GET', '/readyz')).status).toBe(200);
    const journal = z
      .object({ entries: z.array(z.object({ tag: z.string() })) })
      .parse(JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')));
    const applied = await db.query<{ hash: string }>('SELECT hash FROM drizzle.__drizzle_migrations ORDER BY id');
    expect(applied.rows).toHaveLength(journal.entries.length);
    expect(new Set(applied.rows.map((r) => r.hash)).size).toBe(journal.entries.length);

    const expected = Object.values(schema)
      .filter((value) => is(value, PgTable))
      .map((table) => getTableName(table))
      .sort();
    const tables = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    expect(tables.rows.map((r) => r.table_name)).toEqual(expected);
    const functions = await db.query<{ proname: string }>(
      `SELECT p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public' ORDER BY p.proname`,
    );
    expect(functions.rows.map((r) => r.proname)).toEqual(['edit_rating', 'record_mention', 'record_rating']);
  });

  it(`sends each outbox mail exactly once: ${SIGN_UPS} sign-ups spread over both`, async () => {
    const numbers = Array.from({ length: SIGN_UPS }, (_, i) => i);
    const answers = await Promise.all(
      numbers.map((n) =>
        call(nth(n), 'POST', '/api/users/register', {
          body: { username: username(n), email: emailOf(n), password: MEMBER_PASSWORD },
          ip: address(n + 1),
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(numbers.map(() => 201));
    const ids = answers.map((a) => registerAnswer.parse(a.body).user_id);

    const mailTo = (n: number) => received.filter((m) => m.to === emailOf(n));
    await waitFor('every verification mail', 20_000, () => numbers.every((n) => mailTo(n).length > 0));
    // Both workers keep polling (every second) and waking; give a duplicate time to show.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(numbers.map((n) => mailTo(n).length)).toEqual(numbers.map(() => 1));
    expect(received).toHaveLength(SIGN_UPS);
    const rows = await db.query<{ attempts: number; sent: boolean }>(
      'SELECT attempts, sent_at IS NOT NULL AS sent FROM outbox ORDER BY message_id',
    );
    // Claimed once each: a second claim would have counted a second attempt.
    expect(rows.rows).toEqual(numbers.map(() => ({ attempts: 1, sent: true })));

    // Each link works through the other process than the one that signed the member up.
    for (const n of numbers) {
      const token = verificationTokenIn(received, emailOf(n));
      expect(token).toBeDefined();
      const verified = await call(nth(n + 1), 'GET', `/api/users/verification/${token ?? ''}`, { ip: address(n + 1) });
      expect(verified.status).toBe(200);
      expect(verificationAnswer.parse(verified.body).success).toBe(true);
    }
    for (const n of [REVIEWER, 1, 2]) {
      const login = await call(next(), 'POST', '/api/users/login', {
        body: { username: username(n), password: MEMBER_PASSWORD },
        ip: address(n + 1),
      });
      expect(login.status).toBe(200);
      const session = loginAnswer.parse(login.body);
      expect(session.user.user_id).toBe(ids[n]);
      members.set(n, { userId: session.user.user_id, token: session.accessToken });
    }
  });

  it('shows a film added and votes cast through one process in the ranked list of the other within 1 s', async () => {
    const reviewer = members.get(REVIEWER);
    const voter = members.get(1);
    const rater = members.get(2);
    if (!reviewer || !voter || !rater) throw new Error('the sign-up test did not run');
    const [first, second] = servers;
    if (!first || !second) throw new Error('no servers');
    const before = await rankedList(second);
    expect(before).toEqual([]);

    const title = `Across Instances ${tag}`;
    const added = await call(first, 'POST', '/api/films/addfilm', {
      body: { title, release_year: '2004', description: 'Seen through the other door.' },
      token: reviewer.token,
    });
    expect(added.status).toBe(200);
    const film = addFilmAnswer.parse(added.body).film;
    const filmSeen = await waitFor(
      'the new film, through the other process',
      1000,
      async () => (await rankedList(second)).some((f) => f.film_id === film.film_id),
      20,
    );

    const scoreOn = async (server: ServerProcess) => (await rankedList(server)).find((f) => f.film_id === film.film_id)?.score;
    const mention = await call(second, 'POST', '/api/mentions/mentioned', {
      body: { user_id: voter.userId, film_id: film.film_id, mentioned: false },
      token: voter.token,
    });
    expect(mention.status).toBe(201);
    const mentionScore = await scoreOn(second);
    expect(mentionScore).not.toBe(film.score);
    const mentionSeen = await waitFor(
      'the answer, through the other process',
      1000,
      async () => (await scoreOn(first)) === mentionScore,
      20,
    );

    const rating = await call(first, 'POST', '/api/ratings/rate', {
      body: { user_id: rater.userId, film_id: film.film_id, rating: 9 },
      token: rater.token,
    });
    expect(rating.status).toBe(201);
    const ratedScore = await scoreOn(first);
    expect(ratedScore).not.toBe(mentionScore);
    const ratingSeen = await waitFor('the rating, through the other process', 1000, async () => (await scoreOn(second)) === ratedScore, 20);

    // The two now serve the same bytes.
    const [a, b] = await Promise.all(servers.map((s) => call(s, 'GET', '/api/films/allfilms')));
    expect(a?.text).toBe(b?.text);
    console.info(`two processes: film seen after ${filmSeen} ms, mention after ${mentionSeen} ms, rating after ${ratingSeen} ms`);
  });

  it.runIf(redisUrl)('shares rate limits: requests to both count against one limit', async () => {
    // Per address: the check tier, a different username each time so only the address counts.
    const ip = address(0xaaaa);
    const limit = RATE_LIMITS.check.ip.limit;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i += 1) {
      const answer = await call(next(), 'POST', '/api/users/check', { body: { username: `${username(1000 + i)}` }, ip });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, limit)).toEqual(Array.from({ length: limit }, () => 200));
    expect(statuses.at(-1)).toBe(429);
    // Each process alone saw about half: only a shared count reaches the limit.
    const limited = await call(next(), 'POST', '/api/users/check', { body: { username: username(2000) }, ip });
    expect(limited.status).toBe(429);
    expect(errorBody.parse(limited.body).error).toBe(messages.rateLimited);

    // Per account: wrong passwords for one member, from a new address each time, to both in turn.
    const accountLimit = LOGIN_LIMITS.account.limit;
    const wrong = (i: number) =>
      call(next(), 'POST', '/api/users/login', {
        body: { username: username(3), password: 'not the password at all' },
        ip: address(0xb000 + i),
      });
    const logins: number[] = [];
    for (let i = 0; i < accountLimit; i += 1) logins.push((await wrong(i)).status);
    expect(logins).toEqual(Array.from({ length: accountLimit }, () => 401));
    // Past the limit the account is slowed, one password check per slot across both processes:
    // each process alone saw half the failures, so only the shared count slows it.
    const burst = await Promise.all(Array.from({ length: 6 }, (_, i) => wrong(accountLimit + i)));
    const checked = burst.filter((answer) => answer.status === 401).length;
    expect(checked, burst.map((answer) => answer.status).join(',')).toBeLessThanOrEqual(2);
    expect(burst.filter((answer) => answer.status === 429)).toHaveLength(6 - checked);

    // Counted in Redis, under this run's REDIS_KEY_PREFIX.
    const redis = new Redis(redisUrl ?? '');
    try {
      const counted = await redis.keys(`${redisPrefix}login:fail:*`);
      expect(counted.length).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
  });
});
