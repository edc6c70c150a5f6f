import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '@filmlist/shared/api/common';
import { messages } from '@filmlist/shared/messages';
import { createFilm, createMember } from '../../test/support/factories.js';
import { waitFor } from '../../test/support/http.js';
import { recountedCounters, storedCounters } from '../../test/support/recount.js';
import { useTestApp } from '../../test/support/test-app.js';
import { rowsOf } from './raw-rows.js';
import { mentions, users } from './schema.js';
import { RETRIES, retryConflicts, retryPause, transaction } from './transaction.js';
import { onPostgres } from '../../test/support/config.js';

const failing = (code: string) => Object.assign(new Error(`failed with ${code}`), { code });
/** drizzle wraps the driver's error; the code is on the cause. */
const wrapped = (code: string) => new Error('Failed query: select 1', { cause: failing(code) });

describe('retryConflicts', () => {
  it('runs a unit of work again after a deadlock or serialization failure, and gives up after RETRIES more tries', async () => {
    let tries = 0;
    const twice = await retryConflicts(async () => {
      tries += 1;
      if (tries <= 2) throw wrapped(tries === 1 ? '40P01' : '40001');
      return 'done';
    });
    expect({ twice, tries }).toEqual({ twice: 'done', tries: 3 });

    tries = 0;
    const always = retryConflicts(async () => {
      tries += 1;
      throw wrapped('40P01');
    });
    await expect(always).rejects.toThrow('Failed query');
    expect(tries).toBe(RETRIES + 1);
  });

  it('does not run other failures again', async () => {
    let tries = 0;
    const unique = retryConflicts(async () => {
      tries += 1;
      throw wrapped('23505');
    });
    await expect(unique).rejects.toThrow('Failed query');
    expect(tries).toBe(1);
  });

  it('pauses a random time that doubles its ceiling with each retry', () => {
    expect([1, 2, 3, 4].map((attempt) => retryPause(attempt, () => 0.999))).toEqual([10, 20, 40, 80]);
    expect(retryPause(1, () => 0)).toBe(0);
  });
});

describe('retries that run out, over HTTP', () => {
  const t = useTestApp();

  beforeAll(async () => {
    // Every vote and every account deletion now fails as if it had lost a deadlock; the sequence counts the tries.
    for (const statement of [
      'CREATE SEQUENCE deadlock_tries',
      `CREATE FUNCTION always_deadlock() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN PERFORM nextval('deadlock_tries'); RAISE EXCEPTION 'deadlock detected (test)' USING ERRCODE = 'deadlock_detected'; END $$`,
      'CREATE TRIGGER mentions_deadlock BEFORE INSERT ON mentions FOR EACH ROW EXECUTE FUNCTION always_deadlock()',
      'CREATE TRIGGER users_deadlock BEFORE DELETE ON users FOR EACH ROW EXECUTE FUNCTION always_deadlock()',
    ]) {
      await t.app.db.execute(sql.raw(statement));
    }
  });

  const tries = async () => {
    const [row] = rowsOf(await t.app.db.execute(sql`SELECT last_value, is_called FROM deadlock_tries`));
    return row?.is_called === true ? Number(row.last_value) : 0;
  };

  it('answer 503 with Retry-After, never 500, after the first try and RETRIES more, and change nothing', async () => {
    const member = await createMember(t.app);
    const film = await createFilm(t.app);
    const before = await tries();

    const vote = await t.app.inject({
      method: 'POST',
      url: '/api/mentions/mentioned',
      headers: member.auth,
      payload: { user_id: member.userId, film_id: film.filmId, mentioned: false },
    });
    expect(vote.statusCode).toBe(503);
    expect(vote.headers['retry-after']).toBe('1');
    expect(errorBody.parse(vote.json())).toEqual({ error: messages.serviceUnavailable, code: 'busy' });
    expect(await tries()).toBe(before + RETRIES + 1);
    expect(await t.app.db.select().from(mentions).where(eq(mentions.userId, member.userId))).toEqual([]);

    const deletion = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/delete',
      headers: member.auth,
      payload: { currentPassword: member.password },
    });
    expect(deletion.statusCode).toBe(503);
    expect(deletion.headers['retry-after']).toBe('1');
    expect(await tries()).toBe(before + 2 * (RETRIES + 1));
    expect(await t.app.db.select({ id: users.userId }).from(users).where(eq(users.userId, member.userId))).toHaveLength(1);
    expect(await storedCounters(t.app)).toEqual(await recountedCounters(t.app));
  });
});

describe.runIf(onPostgres)('contention on PostgreSQL', () => {
  const t = useTestApp();
  let outside: pg.Client;

  beforeAll(async () => {
    outside = new pg.Client({ connectionString: t.databaseUrl });
    await outside.connect();
  });
  afterAll(() => outside.end());

  const lockWaits = async () => {
    // The activity view is read once per transaction, and `outside` may be in one (holding the lock).
    await outside.query('SELECT pg_stat_clear_snapshot()');
    const found = await outside.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    return found.rows[0]?.n ?? 0;
  };

  it('a transaction that loses a real deadlock runs again and commits', async () => {
    const [a, b] = [await createFilm(t.app), await createFilm(t.app)];
    await outside.query('BEGIN');
    await outside.query('SELECT 1 FROM films WHERE film_id = $1 FOR UPDATE', [b.filmId]);
    let tries = 0;
    const mine = transaction(t.app.db, async (tx) => {
      tries += 1;
      await tx.execute(sql`SELECT 1 FROM films WHERE film_id = ${a.filmId} FOR UPDATE`);
      await tx.execute(sql`SELECT 1 FROM films WHERE film_id = ${b.filmId} FOR UPDATE`);
      return tries;
    });
    await waitFor('the transaction waiting for the second film', 5000, async () => (await lockWaits()) > 0, 20);
    // The other order: a deadlock. The side that waited first checks first, and loses.
    await outside.query('SELECT 1 FROM films WHERE film_id = $1 FOR UPDATE', [a.filmId]);
    await outside.query('COMMIT');
    expect(await mine).toBe(2);
  });

  it('votes that wait over 2 s for a lock answer 503 with Retry-After, while other requests and votes on other films are answered at once', async () => {
    const members = await Promise.all(Array.from({ length: 3 }, () => createMember(t.app)));
    const voters = await Promise.all(Array.from({ length: 8 }, () => createMember(t.app)));
    const [held, other] = [await createFilm(t.app), await createFilm(t.app)];
    const rate = (member: (typeof members)[number], filmId: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ratings/rate',
        headers: member.auth,
        payload: { user_id: member.userId, film_id: filmId, rating: 7 },
      });
    await outside.query('BEGIN');
    await outside.query('SELECT 1 FROM films WHERE film_id = $1 FOR UPDATE', [held.filmId]);
    try {
      const started = performance.now();
      // Several votes on the held film, as on a film many are voting on, and at the same moment votes
      // on another film: those must not queue behind the waiting ones (decision 016).
      const waiting = members.map((member) => rate(member, held.filmId));
      // In waves 25 ms apart: while the held ones wait, whichever connection they wait on.
      const beside = await Promise.all(
        voters.map(async (voter, i) => {
          await sleep(25 * Math.floor(i / 2));
          const sent = performance.now();
          const answer = await rate(voter, other.filmId);
          return { status: answer.statusCode, ms: performance.now() - sent };
        }),
      );
      expect(beside.map((vote) => vote.status)).toEqual(beside.map(() => 201));
      for (const vote of beside) expect(vote.ms).toBeLessThan(1000);
      await waitFor('the votes waiting for the film', 5000, async () => (await lockWaits()) > 0, 20);
      const reads = await Promise.all(Array.from({ length: 20 }, () => t.app.inject(`/api/ratings/rating-count?film_id=${other.filmId}`)));
      expect(reads.map((r) => r.statusCode)).toEqual(reads.map(() => 200));
      expect(performance.now() - started).toBeLessThan(1900);
      const answers = await Promise.all(waiting);
      expect(answers.map((answer) => answer.statusCode)).toEqual([503, 503, 503]);
      for (const answer of answers) {
        expect(answer.headers['retry-after']).toBe('1');
        expect(errorBody.parse(answer.json()).code).toBe('busy');
      }
      // Each waited the lock timeout, once: not one after another.
      const took = performance.now() - started;
      expect(took).toBeGreaterThanOrEqual(1900);
      expect(took).toBeLessThan(3500);
    } finally {
      await outside.query('ROLLBACK');
    }
    expect((await rate(members[0]!, held.filmId)).statusCode).toBe(201);
  });
});
