import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/connection.js';
import { rowsOf } from '../db/raw-rows.js';
import { runNpmScript } from '../../test/support/npm-script.js';
import { recountedCounters, storedCounters } from '../../test/support/recount.js';
import { commandDatabase, type CommandDatabase } from '../../test/support/command-database.js';
import { titleKeys, usernameKeys } from '../lib/identity.js';
import { onPostgres } from '../../test/support/config.js';

/**
 * `npm run db:check-counters` as an operator runs it, as a child process, on
 * the embedded database in DATA_DIR or on DATABASE_URL (docs/product.md §Ranking counts).
 */

const runCheck = (env: Record<string, string>, args: string[] = []) => runNpmScript('db:check-counters', args, env);

describe(`npm run db:check-counters on ${onPostgres ? 'PostgreSQL (DATABASE_URL)' : 'the embedded database (DATA_DIR)'}`, () => {
  let database: CommandDatabase;
  let env: Record<string, string> = {};
  const withDatabase = <T>(work: (handle: DatabaseHandle) => Promise<T>) => database.withDatabase(work);
  const films: number[] = [];

  beforeAll(async () => {
    database = await commandDatabase('check');
    env = database.env;
    // Three films, four members, votes through the app's own vote functions.
    await withDatabase(async ({ db }) => {
      for (let i = 0; i < 3; i++) {
        const [row] = rowsOf(
          await db.execute(sql`INSERT INTO films (title, title_key, title_skeleton, release_year, description, slug, created_at)
            VALUES (${`Counted ${i}`}, ${titleKeys(`Counted ${i}`).titleKey}, ${titleKeys(`Counted ${i}`).titleSkeleton}, 2001, 'A film.', ${`counted-${i}-2001`}, now()) RETURNING film_id`),
        );
        films.push(Number(row?.film_id));
      }
      for (let u = 0; u < 4; u++) {
        const [row] = rowsOf(
          await db.execute(sql`INSERT INTO users (username, username_key, username_skeleton, email, password_hash, verified, created_at)
            VALUES (${`counter${u}`}, ${usernameKeys(`counter${u}`).usernameKey}, ${usernameKeys(`counter${u}`).usernameSkeleton}, ${`counter${u}@example.com`}, 'x', true, now()) RETURNING user_id`),
        );
        const userId = Number(row?.user_id);
        for (const [j, filmId] of films.entries()) {
          await db.execute(sql`SELECT record_mention(${userId}, ${filmId}, ${(u + j) % 2 === 0}, now())`);
          if ((u + j) % 3 !== 0) await db.execute(sql`SELECT record_rating(${userId}, ${filmId}, ${((u + j) % 10) + 1}::smallint, now())`);
        }
      }
    });
  }, 60_000);

  afterAll(async () => {
    await database.dispose();
  });

  it('exits 0 while the counters match, 1 naming exactly the films that drift, and --repair sets them to the recount', async () => {
    const clean = await runCheck(env);
    expect(clean, clean.stderr).toMatchObject({ code: 0 });
    expect(clean.stdout).toMatch(/The counters of all 3 films match a recount of their votes/);

    const [first, second, third] = films;
    const before = await withDatabase(async (handle) => {
      const counters = await storedCounters(handle);
      await handle.db.execute(sql`UPDATE films SET rating_sum = rating_sum + 4, rating_count = rating_count - 1 WHERE film_id = ${first}`);
      await handle.db.execute(sql`UPDATE films SET heard_not_rated_count = heard_not_rated_count + 1 WHERE film_id = ${second}`);
      return counters;
    });
    const was = (filmId: number | undefined) => {
      const c = before.find((row) => row.filmId === filmId);
      if (!c) throw new Error(`no film ${filmId}`);
      return c;
    };
    const a = was(first);
    const b = was(second);

    const drifting = await runCheck(env);
    expect(drifting, drifting.stderr).toMatchObject({ code: 1 });
    expect(drifting.stdout).toContain('2 of 3 films have counters that differ from a recount of their votes');
    expect(drifting.stdout).toContain(
      `film ${first} "Counted 0": stored N=${a.n} H=${a.h} R=${a.r - 1} S=${a.s + 4}, recount N=${a.n} H=${a.h} R=${a.r} S=${a.s}`,
    );
    expect(drifting.stdout).toContain(
      `film ${second} "Counted 1": stored N=${b.n} H=${b.h + 1} R=${b.r} S=${b.s}, recount N=${b.n} H=${b.h} R=${b.r} S=${b.s}`,
    );
    expect(drifting.stdout).not.toContain(`film ${third} `);
    expect(drifting.stdout).toContain('npm run db:check-counters -- --repair');

    const repaired = await runCheck(env, ['--repair']);
    expect(repaired, repaired.stderr).toMatchObject({ code: 0 });
    expect(repaired.stdout).toContain('Repaired the counters of 2 of 3 films');
    await withDatabase(async (handle) => {
      expect(await storedCounters(handle)).toEqual(await recountedCounters(handle));
      expect(await storedCounters(handle)).toEqual(before);
    });
  }, 120_000);

  it.skipIf(onPostgres)(
    'refuses an embedded database a running server has open, and a DATA_DIR that holds none',
    async () => {
      const handle = await openDatabase({ dataDir: database.dataDir });
      try {
        const open = await runCheck(env);
        expect(open.code).toBe(2);
        expect(open.stderr).toMatch(/The counter check stopped: the embedded database in .* is open in a running server/);
      } finally {
        await handle.close();
      }
      const empty = mkdtempSync(path.join(tmpdir(), 'filmlist-check-empty-'));
      try {
        const none = await runCheck({ DATA_DIR: empty }, ['--repair']);
        expect(none.code).toBe(2);
        expect(none.stderr).toMatch(/there is no embedded database in /);
        expect(existsSync(path.join(empty, 'db'))).toBe(false);
      } finally {
        rmSync(empty, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
