import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFilmAnswer, filmList, submissionAnswer } from '@filmlist/shared/api/films';
import { refreshAnswer } from '@filmlist/shared/api/auth';
import { errorBody } from '@filmlist/shared/api/common';
import { DEMO_MEMBER_COUNT } from '../seed/demo-votes.js';
import { loginAnswer, registerAnswer } from '@filmlist/shared/api/users';
import { messages } from '@filmlist/shared/messages';
import * as schema from '../db/schema.js';
import { signUp } from '../../test/support/accounts.js';
import { call as request, START_TIMEOUT_MS, type HttpAnswer } from '../../test/support/http.js';
import { runNpmScript } from '../../test/support/npm-script.js';
import { outboxFiles } from '../../test/support/smtp.js';
import { withDatabase } from '../../test/support/global-setup.js';
import { recountedCounters, storedCounters } from '../../test/support/recount.js';
import { startServer, type ServerProcess } from '../../test/support/server-process.js';
import { onPostgres, testDatabaseUrl } from '../../test/support/config.js';
import { MEMBER_PASSWORD } from '../../test/support/names.js';

/**
 * `npm run db:move`: an embedded database filled through the real app is
 * moved to an empty PostgreSQL database, and the app started on the copy
 * answers as before.
 */

const tag = randomBytes(4).toString('hex');
const databaseName = `filmlist_move_${process.pid}_${tag}`;
const JWT_SECRET = `move-test-secret-${tag}-0123456789abcdef`;
const REVIEWER = 'rita';

function call(
  server: ServerProcess,
  method: 'GET' | 'POST',
  url: string,
  options: { body?: unknown; token?: string } = {},
): Promise<HttpAnswer> {
  return request(server.url, url, { method, body: options.body, ...(options.token ? { token: options.token } : {}) });
}

/** `npm run db:move -- ...` as a user types it. */
const runMove = (args: string[]) => runNpmScript('db:move', args);

interface Member {
  username: string;
  userId: number;
  accessToken: string;
  refreshToken: string;
}

describe.runIf(onPostgres)('moving the embedded database to PostgreSQL (npm run db:move)', () => {
  const base = testDatabaseUrl ?? '';
  // The body runs at collection even where the suite is skipped: no URL to parse there.
  const databaseUrl = onPostgres ? withDatabase(base, databaseName) : '';
  const dirs: string[] = [];
  const tempDir = (name: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), `filmlist-move-${name}-`));
    dirs.push(dir);
    return dir;
  };
  const embeddedDir = tempDir('embedded');
  let servers: ServerProcess[] = [];
  let target: pg.Client;

  /** What the embedded app answered before the move. */
  const before = { rankedList: '', votes: new Map<string, string>(), queue: '', maxUserId: 0, maxFilmId: 0 };
  const members: Member[] = [];
  let unverified = '';

  const env = (extra: Record<string, string>) => ({
    JWT_SECRET,
    REVIEWERS: `${REVIEWER}@example.com`,
    PUBLIC_URL: 'http://films.test',
    ...extra,
  });

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    target = new pg.Client({ connectionString: databaseUrl });
    await target.connect();
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await target?.end();
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  async function start(extra: Record<string, string>): Promise<ServerProcess> {
    const server = await startServer(env(extra), START_TIMEOUT_MS);
    servers.push(server);
    return server;
  }

  async function stop(server: ServerProcess): Promise<void> {
    expect(await server.stop('SIGTERM')).toBe(0);
    servers = servers.filter((s) => s !== server);
  }

  const member = (i: number): Member => {
    const found = members[i];
    if (!found) throw new Error(`no member ${i}`);
    return found;
  };

  it('fills an embedded database through the app, which the move refuses to read while the server runs', async () => {
    const app = await start({ DATA_DIR: embeddedDir });
    try {
      await fill(app);
      // While the server has it open, the move refuses to read it.
      const refused = await runMove(['--from', embeddedDir, '--to', databaseUrl]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/The move stopped: the embedded database in .* is open in a running server/);
    } finally {
      await stop(app);
    }
  }, 90_000);

  async function fill(app: ServerProcess): Promise<void> {
    const server = { url: app.url, mailbox: outboxFiles(embeddedDir) };
    for (const username of [REVIEWER, 'mia', 'max', 'mo', 'mel']) {
      const joined = await signUp(server, { username, password: MEMBER_PASSWORD });
      members.push({ username, userId: joined.userId, accessToken: joined.token, refreshToken: joined.refreshToken });
    }
    unverified = 'nina';
    const { userId } = await signUp(server, { username: unverified, password: MEMBER_PASSWORD, until: 'registered' });
    before.maxUserId = Math.max(userId, ...members.map((m) => m.userId));
    const [reviewer, mia, max, mo] = [member(0), member(1), member(2), member(3)];

    // Submissions: one approved, one rejected, one left pending.
    const submit = async (who: Member, title: string) => {
      const answer = await call(app, 'POST', '/api/films/reviewfilm', {
        body: { title, release_year: '1999', description: `Why ${title} deserves a place.` },
        token: who.accessToken,
      });
      expect(answer.status).toBe(201);
      return submissionAnswer.parse(answer.body).film;
    };
    await submit(mia, 'Approved Quietly');
    await submit(max, 'Rejected Kindly');
    await submit(mo, 'Still Waiting');
    const approved = await call(app, 'POST', '/api/films/addfilm', {
      body: { title: 'Approved Quietly', release_year: '1999', description: 'Approved by the reviewer.', userId: mia.userId },
      token: reviewer.accessToken,
    });
    expect(approved.status).toBe(200);
    const rejected = await call(app, 'POST', '/api/films/reject', {
      body: { title: 'Rejected Kindly', release_year: '1999', userId: max.userId, reason: 'Too well known — sorry.' },
      token: reviewer.accessToken,
    });
    expect(rejected.status).toBe(200);
    const direct = await call(app, 'POST', '/api/films/addfilm', {
      body: {
        title: 'Zurich Nights',
        release_year: '2011',
        description: 'Added without a submission.',
        watchLink: 'https://watch.example/z',
      },
      token: reviewer.accessToken,
    });
    expect(direct.status).toBe(200);
    addFilmAnswer.parse(direct.body);

    // Votes on the demo catalogue and the new films: answers, ratings, an edit, watch clicks.
    const films = filmList.parse((await call(app, 'GET', '/api/films/allfilms')).body).films;
    expect(films.length).toBeGreaterThan(5);
    for (const [i, who] of members.entries()) {
      for (const [j, film] of films.slice(0, 6).entries()) {
        if ((i + j) % 3 === 0) continue;
        const mentioned = (i + j) % 2 === 0;
        const m = await call(app, 'POST', '/api/mentions/mentioned', {
          body: { user_id: who.userId, film_id: film.film_id, mentioned },
          token: who.accessToken,
        });
        expect(m.status).toBe(201);
        if (j % 2 === 1) {
          const r = await call(app, 'POST', '/api/ratings/rate', {
            body: { user_id: who.userId, film_id: film.film_id, rating: ((i * 3 + j) % 10) + 1 },
            token: who.accessToken,
          });
          expect(r.status).toBe(201);
        }
      }
    }
    const edit = await call(app, 'POST', '/api/ratings/edit', {
      body: { user_id: mia.userId, film_id: films[1]?.film_id, rating: 2 },
      token: mia.accessToken,
    });
    expect(edit.status).toBe(200);
    const click = await call(app, 'POST', '/api/watch/authclick', {
      body: { user_id: mo.userId, film_id: films[0]?.film_id },
      token: mo.accessToken,
    });
    expect(click.status).toBe(201);
    // A refresh rotation leaves a used refresh token behind.
    const refreshed = await call(app, 'POST', '/api/auth/refresh', { body: { refresh: mo.refreshToken } });
    expect(refreshed.status).toBe(200);
    const rotated = refreshAnswer.parse(refreshed.body);
    members[3] = { ...mo, accessToken: rotated.newAccessToken, refreshToken: rotated.newRefreshToken };

    before.rankedList = (await call(app, 'GET', '/api/films/allfilms')).text;
    for (const who of members) before.votes.set(who.username, (await call(app, 'GET', '/api/me/votes', { token: who.accessToken })).text);
    before.queue = (await call(app, 'GET', '/api/films/submissions', { token: reviewer.accessToken })).text;
    before.maxFilmId = Math.max(...filmList.parse(JSON.parse(before.rankedList)).films.map((f) => f.film_id));
    expect(before.queue).toContain('Still Waiting');
  }

  it('copies it into an empty PostgreSQL database and the app answers the same from there', async () => {
    const moved = await runMove(['--from', embeddedDir, '--to', databaseUrl]);
    expect(moved.stderr.replace(/^npm warn.*\n/gm, '')).toBe('');
    expect(moved.code).toBe(0);
    expect(moved.stdout).toMatch(/^Moved the embedded database in /);
    // Six members of the test's own and the demo members a new embedded database comes with.
    expect(moved.stdout).toMatch(new RegExp(`^ {4}users +${6 + DEMO_MEMBER_COUNT}$`, 'm'));
    expect(moved.stdout).toMatch(/^ {4}submissions +3$/m);
    expect(moved.stdout).toMatch(/row counts and the counters of \d+ films match/);
    expect(moved.stdout).not.toContain('Warning');
    console.info(moved.stdout);

    // Started on the copy, with an empty DATA_DIR: everything comes from PostgreSQL.
    const app = await start({ DATA_DIR: tempDir('pg'), DATABASE_URL: databaseUrl });
    try {
      await checkCopy(app);
    } finally {
      await stop(app);
    }
  }, 90_000);

  async function checkCopy(app: ServerProcess): Promise<void> {
    const after = await call(app, 'GET', '/api/films/allfilms');
    expect(after.text).toBe(before.rankedList);
    for (const who of members) {
      // Access tokens issued by the embedded app still name a live session.
      expect((await call(app, 'GET', '/api/me/votes', { token: who.accessToken })).text).toBe(before.votes.get(who.username));
    }
    expect((await call(app, 'GET', '/api/films/submissions', { token: member(0).accessToken })).text).toBe(before.queue);

    // Passwords, refresh tokens and verification state came along.
    const login = await call(app, 'POST', '/api/users/login', { body: { username: 'mel', password: MEMBER_PASSWORD } });
    expect(login.status).toBe(200);
    expect(loginAnswer.parse(login.body).user.user_id).toBe(member(4).userId);
    const refreshed = await call(app, 'POST', '/api/auth/refresh', { body: { refresh: member(3).refreshToken } });
    expect(refreshed.status).toBe(200);
    const reused = await call(app, 'POST', '/api/auth/refresh', { body: { refresh: member(3).refreshToken } });
    expect(reused.status).toBe(401);
    const notYet = await call(app, 'POST', '/api/users/login', { body: { username: unverified, password: MEMBER_PASSWORD } });
    expect(notYet.status).toBe(403);
    expect(errorBody.parse(notYet.body).error).toBe(messages.loginUnverified);

    // The counters equal a recount of the votes, and there are votes to count.
    const db = drizzle(target, { schema });
    const counters = await storedCounters({ db });
    expect(counters).toEqual(await recountedCounters({ db }));
    expect(counters.some((c) => c.n > 0) && counters.some((c) => c.h > 0) && counters.some((c) => c.r > 1)).toBe(true);

    // New rows continue after the copied ids.
    const newcomer = await call(app, 'POST', '/api/users/register', {
      body: { username: 'newcomer', email: 'newcomer@example.com', password: MEMBER_PASSWORD },
    });
    expect(newcomer.status).toBe(201);
    expect(registerAnswer.parse(newcomer.body).user_id).toBe(before.maxUserId + 1);
    const added = await call(app, 'POST', '/api/films/addfilm', {
      body: { title: 'After The Move', release_year: '2020', description: 'The first film on PostgreSQL.' },
      token: member(0).accessToken,
    });
    expect(added.status).toBe(200);
    expect(addFilmAnswer.parse(added.body).film.film_id).toBe(before.maxFilmId + 1);
  }

  it('refuses to move into a database that is not empty, and changes nothing', async () => {
    const count = async () =>
      (await target.query<{ n: number }>('SELECT ((SELECT count(*) FROM users) + (SELECT count(*) FROM films))::int AS n')).rows[0]?.n;
    const rowsBefore = await count();
    const again = await runMove(['--from', embeddedDir, '--to', databaseUrl]);
    expect(again.code).toBe(1);
    expect(again.stdout).toBe('');
    expect(again.stderr).toMatch(
      new RegExp(`The move stopped: the PostgreSQL database postgres://.* is not empty \\(.*users: ${7 + DEMO_MEMBER_COUNT}.*\\)`),
    );
    expect(again.stderr).toContain('nothing was copied');
    expect(await count()).toBe(rowsBefore);
  }, 60_000);
});
