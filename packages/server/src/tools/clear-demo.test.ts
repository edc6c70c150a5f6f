import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filmList } from '@filmlist/shared/api/films';
import { openDatabase, type DatabaseHandle } from '../db/connection.js';
import { rowsOf } from '../db/raw-rows.js';
import { demoFilmCount, seedDemoCatalogue } from '../seed/demo-films.js';
import { DEMO_MEMBER_COUNT } from '../seed/demo-votes.js';
import { runNpmScript } from '../../test/support/npm-script.js';
import { recountedCounters, storedCounters } from '../../test/support/recount.js';
import { commandDatabase, type CommandDatabase } from '../../test/support/command-database.js';
import { createTestApp } from '../../test/support/test-app.js';
import { usernameKeys } from '../lib/identity.js';
import { onPostgres } from '../../test/support/config.js';

/**
 * `npm run demo:clear` as an operator runs it, as a child process, on the
 * embedded database in DATA_DIR or on DATABASE_URL (docs/product.md §Demo catalogue).
 */

async function count(db: DatabaseHandle['db'], query: ReturnType<typeof sql>): Promise<number> {
  return Number(rowsOf(await db.execute(query))[0]?.n ?? 0);
}

describe(`npm run demo:clear on ${onPostgres ? 'PostgreSQL (DATABASE_URL)' : 'the embedded database (DATA_DIR)'}`, () => {
  let database: CommandDatabase;
  let member = 0;
  let memberVotes: unknown[] = [];
  const withDatabase = <T>(work: (handle: DatabaseHandle) => Promise<T>) => database.withDatabase(work);
  const runClear = () => runNpmScript('demo:clear', [], database.env);

  const votesOf = (db: DatabaseHandle['db'], userId: number) =>
    db.execute(sql`SELECT m.film_id, m.mentioned, r.rating FROM mentions m LEFT JOIN ratings r USING (user_id, film_id)
      WHERE m.user_id = ${userId} ORDER BY m.film_id`);

  beforeAll(async () => {
    database = await commandDatabase('demo');
    // The demo catalogue, then a real member who answers and rates demo films through the vote functions.
    await withDatabase(async ({ db }) => {
      await seedDemoCatalogue(db, new Date());
      const [row] = rowsOf(
        await db.execute(sql`INSERT INTO users (username, username_key, username_skeleton, email, password_hash, verified, created_at)
          VALUES ('real_member', ${usernameKeys('real_member').usernameKey}, ${usernameKeys('real_member').usernameSkeleton}, 'real@example.com', 'x', true, now()) RETURNING user_id`),
      );
      member = Number(row?.user_id);
      const films = rowsOf(await db.execute(sql`SELECT film_id FROM films ORDER BY film_id LIMIT 12`)).map((f) => Number(f.film_id));
      for (const [i, filmId] of films.entries()) {
        await db.execute(sql`SELECT record_mention(${member}, ${filmId}, ${i % 3 !== 0}, now())`);
        if (i % 2 === 0) await db.execute(sql`SELECT record_rating(${member}, ${filmId}, ${(i % 10) + 1}::smallint, now())`);
      }
      memberVotes = rowsOf(await votesOf(db, member));
      expect(memberVotes.length).toBe(12);
    });
  }, 60_000);

  afterAll(() => database.dispose());

  it('removes the demo members with their answers, keeps everyone else and the films, and leaves the counters exact', async () => {
    const before = await withDatabase(({ db }) =>
      count(db, sql`SELECT count(*)::int AS n FROM mentions m JOIN users u USING (user_id) WHERE u.demo`),
    );
    expect(before).toBeGreaterThan(0);

    // On PostgreSQL a running server hears of it and drops its ranked list.
    const running = database.url ? await createTestApp({ databaseUrl: database.url }) : undefined;
    const listed = async () => filmList.parse((await running?.app.inject('/api/films/allfilms'))?.json()).films;
    if (running) expect((await listed()).filter((film) => film.score > 0)).toHaveLength(demoFilmCount);

    const cleared = await runClear();
    expect(cleared, cleared.stderr).toMatchObject({ code: 0 });
    expect(cleared.stdout).toContain(`Removed ${DEMO_MEMBER_COUNT} demo members with their ${before} answers and `);
    expect(cleared.stdout).toContain(`The counters of all ${demoFilmCount} films match a recount of their votes.`);

    await withDatabase(async (handle) => {
      const { db } = handle;
      expect(await count(db, sql`SELECT count(*)::int AS n FROM users WHERE demo`)).toBe(0);
      expect(await count(db, sql`SELECT count(*)::int AS n FROM users WHERE username LIKE 'demo\\_member\\_%'`)).toBe(0);
      expect(await count(db, sql`SELECT count(*)::int AS n FROM mentions WHERE user_id <> ${member}`)).toBe(0);
      expect(await count(db, sql`SELECT count(*)::int AS n FROM ratings WHERE user_id <> ${member}`)).toBe(0);
      expect(await count(db, sql`SELECT count(*)::int AS n FROM films`)).toBe(demoFilmCount);
      expect(rowsOf(await votesOf(db, member))).toEqual(memberVotes);
      const stored = await storedCounters(handle);
      expect(stored).toEqual(await recountedCounters(handle));
      // Only the real member's votes are left on the counters: 4 not heard, 4 heard and not rated, 6 ratings.
      const totals = stored.reduce((sum, c) => ({ n: sum.n + c.n, h: sum.h + c.h, r: sum.r + c.r }), { n: 0, h: 0, r: 0 });
      expect(totals).toEqual({ n: 4, h: 4, r: 6 });
    });

    if (running) {
      try {
        await expect.poll(async () => (await listed()).filter((film) => film.score > 0).length, { timeout: 5000 }).toBeLessThanOrEqual(12);
      } finally {
        await running.close();
      }
    }

    const again = await runClear();
    expect(again, again.stderr).toMatchObject({ code: 0 });
    expect(again.stdout).toMatch(/There are no demo members to remove/);
  }, 120_000);

  it.skipIf(onPostgres)(
    'refuses an embedded database a running server has open',
    async () => {
      const handle = await openDatabase({ dataDir: database.dataDir });
      try {
        const open = await runClear();
        expect(open.code).toBe(2);
        expect(open.stderr).toMatch(/Clearing the demo data stopped: the embedded database in .* is open in a running server/);
      } finally {
        await handle.close();
      }
    },
    60_000,
  );
});
