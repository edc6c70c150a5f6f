import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '@filmlist/shared/api/common';
import { filmList } from '@filmlist/shared/api/films';
import { registerAnswer } from '@filmlist/shared/api/users';
import { countAnswer, mentionAnswer, ratingAnswer, sumTotalAnswer } from '@filmlist/shared/api/votes';
import { messages, serverMessages } from '@filmlist/shared/messages';
import { filmScore } from '@filmlist/shared/score';
import { PASSWORD_WORK } from '../../src/modules/auth/password-work.js';
import { emailTokens, mentions, ratings, users } from '../../src/db/schema.js';
import { createFilm, createMember, createMembers, unique, type TestMember } from '../support/factories.js';
import { UnlimitedRateLimitStore } from '../support/rate-limits.js';
import { recountedCounters, storedCounters } from '../support/recount.js';
import { useTestApp } from '../support/test-app.js';
import { usernameKeys } from '../../src/lib/identity.js';
import { onPostgres, soak } from '../support/config.js';

/**
 * docs/reliability.md, "Concurrency": many requests at the same moment, over real HTTP
 * (the app listens on a loopback port and every request is its own fetch).
 */

interface Answer {
  status: number;
  body: unknown;
}

async function call(
  base: string,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const body: unknown = await response.json();
  return { status: response.status, body };
}

const times = <T>(count: number, make: (i: number) => Promise<T>): Promise<T[]> =>
  Promise.all(Array.from({ length: count }, (_, i) => make(i)));

/** Like `times`, with at most `limit` requests in flight. */
async function inWaves<T>(count: number, limit: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) results[i] = await make(i);
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  return results;
}

function tally(answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/**
 * The crowd rates all at once. `npm run soak` rates with five times the
 * crowd, 250 requests in flight at a time: with thousands of sockets open on
 * one loopback listener over half a minute, fetch saw connections reset.
 */
const CROWD = soak ? 5000 : 1000;
const IN_FLIGHT = soak ? 250 : CROWD;

const errorsOf = (answers: Answer[]) => answers.filter((a) => a.status >= 400).map((a) => errorBody.parse(a.body));

describe('votes at the same moment (production rate limits)', () => {
  const t = useTestApp();
  let base: string;

  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  /** The four counters through their public endpoints. */
  async function counters(filmId: number) {
    const read = (path: string) => call(base, `${path}?film_id=${filmId}`);
    const [n, h, r, s] = await Promise.all([
      read('/api/mentions/not-heard-before-count'),
      read('/api/mentions/heard-not-rated-count'),
      read('/api/ratings/rating-count'),
      read('/api/ratings/sum-total'),
    ]);
    return {
      notHeard: countAnswer.parse(n.body).count,
      heardNotRated: countAnswer.parse(h.body).count,
      ratingCount: countAnswer.parse(r.body).count,
      ratingSum: sumTotalAnswer.parse(s.body).sum_total,
    };
  }

  it('200 identical mention answers sent at once by one member store one answer; the other 199 get 409', async () => {
    const member = await createMember(t.app);
    const film = await createFilm(t.app);
    const body = { user_id: member.userId, film_id: film.filmId, mentioned: false };

    const answers = await times(200, () => call(base, '/api/mentions/mentioned', { body, headers: member.auth }));

    expect(tally(answers)).toEqual({ 201: 1, 409: 199 });
    const created = answers.find((a) => a.status === 201);
    expect(mentionAnswer.parse(created?.body).mention).toEqual({ user_id: member.userId, film_id: film.filmId, mentioned: false });
    expect(new Set(errorsOf(answers).map((e) => `${e.code}: ${e.error}`))).toEqual(
      new Set([`already_mentioned: ${serverMessages.alreadyMentioned}`]),
    );
    const stored = await t.app.db.select().from(mentions).where(eq(mentions.filmId, film.filmId));
    expect(stored.map((m) => [m.userId, m.mentioned])).toEqual([[member.userId, false]]);
    expect(await counters(film.filmId)).toEqual({ notHeard: 1, heardNotRated: 0, ratingCount: 0, ratingSum: 0 });
    expect(await storedCounters(t.app)).toEqual(await recountedCounters(t.app));
  });

  it('200 rate calls sent at once by one member store one rating: R = 1 and S = that rating', async () => {
    const member = await createMember(t.app);
    const film = await createFilm(t.app);
    // Different values in flight, so a double count would show in S as well as in R.
    const answers = await times(200, (i) =>
      call(base, '/api/ratings/rate', {
        body: { user_id: member.userId, film_id: film.filmId, rating: (i % 10) + 1 },
        headers: member.auth,
      }),
    );

    expect(tally(answers)).toEqual({ 201: 1, 409: 199 });
    const winner = ratingAnswer.parse(answers.find((a) => a.status === 201)?.body).rating;
    expect(new Set(errorsOf(answers).map((e) => `${e.code}: ${e.error}`))).toEqual(
      new Set([`already_rated: ${serverMessages.alreadyRated}`]),
    );
    const stored = await t.app.db.select().from(ratings).where(eq(ratings.filmId, film.filmId));
    expect(stored.map((r) => [r.userId, r.rating])).toEqual([[member.userId, winner.rating]]);
    expect(await counters(film.filmId)).toEqual({ notHeard: 0, heardNotRated: 0, ratingCount: 1, ratingSum: winner.rating });
    expect(await storedCounters(t.app)).toEqual(await recountedCounters(t.app));
  });

  it(
    `${CROWD} members rating one film at once give R = ${CROWD}, S = the sum sent, and the right score in the ranked list`,
    async () => {
      const crowd: TestMember[] = await createMembers(t.app, CROWD);
      const film = await createFilm(t.app);
      const ratingOf = (i: number) => ((i * 7) % 10) + 1;
      const sent = crowd.reduce((sum, _member, i) => sum + ratingOf(i), 0);
      // Warm the ranked-list cache first, so a stale cached list would show below.
      expect((await call(base, '/api/films/allfilms')).status).toBe(200);

      const started = performance.now();
      const answers = await inWaves(crowd.length, IN_FLIGHT, (i) => {
        const member = crowd[i];
        if (!member) throw new Error('no member');
        return call(base, '/api/ratings/rate', {
          body: { user_id: member.userId, film_id: film.filmId, rating: ratingOf(i) },
          headers: member.auth,
        });
      });
      const elapsedMs = performance.now() - started;

      expect(tally(answers)).toEqual({ 201: CROWD });
      const counts = await counters(film.filmId);
      expect(counts).toEqual({ notHeard: 0, heardNotRated: 0, ratingCount: CROWD, ratingSum: sent });
      const [{ rows = 0, total = 0 } = {}] = await t.app.db
        .select({ rows: sql<number>`count(*)::int`, total: sql<number>`coalesce(sum(${ratings.rating}), 0)::int` })
        .from(ratings)
        .where(eq(ratings.filmId, film.filmId));
      expect({ rows, total }).toEqual({ rows: CROWD, total: sent });
      expect(await storedCounters(t.app)).toEqual(await recountedCounters(t.app));

      const list = filmList.parse((await call(base, '/api/films/allfilms')).body);
      const listed = list.films.find((f) => f.film_id === film.filmId);
      expect(listed?.score).toBeCloseTo(filmScore(counts), 10);
      expect(listed?.score).toBeGreaterThan(0);
      console.info(`${CROWD} concurrent ratings over HTTP on ${t.app.database.kind}: ${Math.round(elapsedMs)} ms`);
    },
    CROWD * 60,
  );
});

describe('sign-ups at the same moment', () => {
  const t = useTestApp({ app: { rateLimitStore: new UnlimitedRateLimitStore() } });
  let base: string;
  const PASSWORD = 'Quiet-Harbour-Lantern-42';
  const SIGNUPS = 20;

  const queued = PASSWORD_WORK.queued;
  beforeAll(async () => {
    // Twenty sign-ups from one address is above the per-address limit, and twenty password hashes at
    // once above the hashing queue (auth/password-work.ts, tested there); the race is the subject here.
    PASSWORD_WORK.queued = SIGNUPS;
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => {
    PASSWORD_WORK.queued = queued;
  });

  const register = (username: string, email: string) =>
    call(base, '/api/users/register', { body: { username, email, password: PASSWORD } });

  it('the same username (in any letter case) sent at once gives exactly one account; the rest get 409 "Username is already taken"', async () => {
    const name = unique('Racer');
    const spellings = [name, name.toLowerCase(), name.toUpperCase()];
    const answers = await times(SIGNUPS, (i) => register(spellings[i % spellings.length] ?? name, `${unique('racer')}@example.com`));

    expect(tally(answers)).toEqual({ 201: 1, 409: SIGNUPS - 1 });
    expect(new Set(errorsOf(answers).map((e) => e.error))).toEqual(new Set([messages.usernameTaken]));
    const created = registerAnswer.parse(answers.find((a) => a.status === 201)?.body);
    expect(created.message).toBe(messages.registrationSuccessful);
    const accounts = await t.app.db
      .select({ userId: users.userId })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${name})`);
    expect(accounts).toEqual([{ userId: created.user_id }]);
    const tokens = await t.app.db.select({ userId: emailTokens.userId }).from(emailTokens).where(eq(emailTokens.userId, created.user_id));
    expect(tokens).toHaveLength(1);
  });

  /**
   * A sign-up whose check ran before another's insert committed meets the
   * unique index instead: it must still get the message of the field that
   * clashed. Forced on PostgreSQL by holding the other insert open until the
   * sign-up is seen waiting on it (PGlite runs one transaction at a time).
   */
  it.runIf(onPostgres).each([
    ['username', messages.usernameTaken],
    ['email', messages.emailTaken],
  ] as const)('a sign-up that loses the race on its %s at the unique index gets 409 "%s"', async (field, message) => {
    const holder = { username: unique('holder'), email: `${unique('holder')}@example.com` };
    const mine = { username: unique('loser'), email: `${unique('loser')}@example.com` };
    const clash = field === 'username' ? { ...mine, username: holder.username } : { ...mine, email: holder.email };
    const other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query(
        `INSERT INTO users (username, username_key, username_skeleton, email, password_hash, verified, created_at) VALUES ($1, $2, $3, $4, 'x', true, now())`,
        [holder.username, usernameKeys(holder.username).usernameKey, usernameKeys(holder.username).usernameSkeleton, holder.email],
      );
      const pending = register(clash.username, clash.email);
      const waiting = async () => {
        const found = await other.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        return (found.rows[0]?.n ?? 0) > 0;
      };
      const deadline = Date.now() + 10_000;
      while (!(await waiting()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await waiting()).toBe(true);
      await other.query('COMMIT');
      const answer = await pending;
      expect(answer.status).toBe(409);
      expect(errorBody.parse(answer.body).error).toBe(message);
    } finally {
      await other.end();
    }
    const accounts = await t.app.db.select({ username: users.username }).from(users).where(eq(users.username, clash.username));
    expect(accounts.length).toBe(field === 'username' ? 1 : 0);
  });

  it('the same email sent at once gives exactly one account; every other answer is 409 "Email is already taken" or a replaced sign-up', async () => {
    const email = `${unique('shared')}@example.com`;
    const names = Array.from({ length: SIGNUPS }, () => unique('mail'));
    const answers = await times(SIGNUPS, (i) => register(names[i] ?? 'x', i % 2 ? email : email.toUpperCase()));

    // docs/product.md §Sign-up and verification: signing up again with the email of an unverified account replaces that account,
    // so a sign-up that lands after another has committed also answers 201. Exactly one account stays.
    const counts = tally(answers);
    expect(Object.keys(counts).every((status) => status === '201' || status === '409')).toBe(true);
    expect(counts[201]).toBeGreaterThanOrEqual(1);
    expect(new Set(errorsOf(answers).map((e) => e.error))).toEqual(new Set(counts[409] ? [messages.emailTaken] : []));
    const accounts = await t.app.db
      .select({ userId: users.userId, username: users.username })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`);
    expect(accounts).toHaveLength(1);
    const survivor = accounts[0];
    const acknowledged = answers.filter((a) => a.status === 201).map((a) => registerAnswer.parse(a.body).user_id);
    expect(acknowledged).toContain(survivor?.userId);
    // Only the surviving account can be verified: the replaced ones took their links with them.
    const tokens = await t.app.db
      .select({ userId: emailTokens.userId })
      .from(emailTokens)
      .where(and(sql`lower(${emailTokens.email}) = lower(${email})`));
    expect(tokens.map((row) => row.userId)).toEqual([survivor?.userId]);
  });
});
