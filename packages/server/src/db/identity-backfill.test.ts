import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { asc, like, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hashPassword } from '../modules/auth/passwords.js';
import { onPostgres } from '../../test/support/config.js';
import { emptyPostgresDatabase, type ScratchDatabase } from '../../test/support/databases.js';
import { MEMBER_PASSWORD } from '../../test/support/factories.js';
import { call, freshClientAddress } from '../../test/support/http.js';
import { queuedMail } from '../../test/support/queued-mail.js';
import { type TestAppOptions, useTestApp } from '../../test/support/test-app.js';
import { openDatabase, migrationsFolder } from './connection.js';
import { backfillIdentityKeys, LEGACY_KEY, type IdentityBackfill } from './identity-backfill.js';
import { rowsOf } from './raw-rows.js';
import { films, outbox, users } from './schema.js';

/**
 * Accounts from before the identity keys (migration 0009) whose names the database's lower() told apart
 * and the one fold or the skeleton takes for one (decision 012): the database is migrated to 0008, the
 * accounts written as that version wrote them, then the server's start is played (the rest of the
 * migrations, the backfill). Nothing is lost: the account registered first keeps its name, each later one
 * is renamed and told, and every account still logs in, over HTTP.
 */

/** The accounts, in the order they registered: each pair reads as one name once compared one way. */
const ACCOUNTS = [
  { username: 'Stra\u00DFe', email: 'strasse-first@example.com' },
  { username: 'STRASSE', email: 'strasse-second@example.com' },
  { username: 'apple', email: 'apple-first@example.com' },
  // Holds the name "аррӏе" would be given first, so that one is numbered on.
  { username: 'apple2', email: 'apple-two@example.com' },
  { username: '\u0430\u0440\u0440\u04CF\u0435', email: 'apple-cyrillic@example.com' },
  { username: 'rita', email: 'rita@example.com' },
] as const;

/** The migrations up to and including 0008, as the version before the identity keys shipped them. */
function migrationsBeforeIdentityKeys(dir: string): string {
  const folder = path.join(dir, 'migrations');
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = z
    .object({ entries: z.array(z.object({ idx: z.number(), tag: z.string() }).loose()) })
    .loose()
    .parse(JSON.parse(readFileSync(journalFile, 'utf8')));
  const entries = journal.entries.filter((entry) => entry.idx <= 8);
  expect(entries.at(-1)?.tag).toBe('0008_watchlist');
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries }));
  return folder;
}

describe('identity keys for accounts from before them, two of which read as one name', () => {
  let dir: string;
  let scratch: ScratchDatabase | undefined;
  /** the database as version 0008 left it, which the app serves */
  let served: TestAppOptions;
  let base: string;
  let first: IdentityBackfill;
  let ids: Map<string, number>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'filmlist-backfill-'));
    const folder = migrationsBeforeIdentityKeys(dir);
    const hash = await hashPassword(MEMBER_PASSWORD);
    const now = new Date('2026-01-05T10:00:00Z');
    // As version 0008 wrote them: no keys, unique by lower(username).
    const seed = async (execute: (query: string, params: unknown[]) => Promise<unknown>) => {
      for (const account of ACCOUNTS) {
        await execute('INSERT INTO users (username, email, password_hash, verified, created_at) VALUES ($1, $2, $3, true, $4)', [
          account.username,
          account.email,
          hash,
          now,
        ]);
      }
      for (const [title, slug] of [
        ['Dark City', 'dark-city-1998'],
        ['Dark_City', 'dark-city-1998-2'],
      ] as const) {
        await execute('INSERT INTO films (title, release_year, description, slug, created_at) VALUES ($1, 1998, $2, $3, $4)', [
          title,
          'A city.',
          slug,
          now,
        ]);
      }
    };
    if (onPostgres) {
      scratch = await emptyPostgresDatabase();
      const pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
      await migratePg(drizzlePg(pool), { migrationsFolder: folder });
      await seed((query, params) => pool.query(query, params));
      await pool.end();
      served = { databaseUrl: scratch.url };
    } else {
      const pglite = new PGlite(path.join(dir, 'db'));
      await migratePglite(drizzlePglite(pglite), { migrationsFolder: folder });
      await seed((query, params) => pglite.query(query, params));
      await pglite.close();
      // As the server opens it: on its own thread, the rest of the migrations run.
      served = { database: await openDatabase({ dataDir: dir }) };
    }
  }, 120_000);
  afterAll(async () => {
    await scratch?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const t = useTestApp(() => served);
  beforeAll(async () => {
    first = await backfillIdentityKeys(t.app.db, { now: t.app.clock.now(), publicUrl: t.config.publicUrl });
    const rows = await t.app.db.select({ id: users.userId, email: users.email }).from(users);
    ids = new Map(rows.map((row) => [row.email, row.id]));
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  const login = (username: string) =>
    call(base, '/api/users/login', { from: freshClientAddress(), body: { username, password: MEMBER_PASSWORD } });

  it('keeps the first account’s name and renames each later lookalike to its name with the lowest free number', async () => {
    expect(first.renamed).toEqual([
      { userId: ids.get('strasse-second@example.com'), from: 'STRASSE', to: 'STRASSE2' },
      { userId: ids.get('apple-cyrillic@example.com'), from: '\u0430\u0440\u0440\u04CF\u0435', to: '\u0430\u0440\u0440\u04CF\u04353' },
    ]);
    const rows = await t.app.db.select({ username: users.username, email: users.email }).from(users).orderBy(asc(users.userId));
    expect(rows).toEqual([
      { username: 'Stra\u00DFe', email: 'strasse-first@example.com' },
      { username: 'STRASSE2', email: 'strasse-second@example.com' },
      { username: 'apple', email: 'apple-first@example.com' },
      { username: 'apple2', email: 'apple-two@example.com' },
      { username: '\u0430\u0440\u0440\u04CF\u04353', email: 'apple-cyrillic@example.com' },
      { username: 'rita', email: 'rita@example.com' },
    ]);
    // Every account has its keys, and no two share a fold or a skeleton.
    expect(await t.app.db.select().from(users).where(like(users.usernameKey, LEGACY_KEY))).toEqual([]);
    const keys = await t.app.db.select({ key: users.usernameKey, skeleton: users.usernameSkeleton }).from(users);
    expect(new Set(keys.map((row) => row.key)).size).toBe(ACCOUNTS.length);
    expect(new Set(keys.map((row) => row.skeleton)).size).toBe(ACCOUNTS.length);
  });

  it('tells each renamed member by mail, and no one else', async () => {
    const [strasse] = await queuedMail(t.app, 'strasse-second@example.com');
    expect(strasse?.subject).toBe('Your username at The Film List is now "STRASSE2"');
    expect(strasse?.textBody).toContain('Your username "STRASSE" reads the same as the name of an account made before yours');
    expect(strasse?.textBody).toContain('http://films.test/myprofile');
    const [cyrillic] = await queuedMail(t.app, 'apple-cyrillic@example.com');
    expect(cyrillic?.textBody).toContain('Log in as "\u0430\u0440\u0440\u04CF\u04353" with your password.');
    expect(await t.app.db.select({ to: outbox.recipient }).from(outbox)).toHaveLength(2);
  });

  it('lets every account log in, each renamed one by its new name, into its own account', async () => {
    for (const [username, email] of [
      ['Stra\u00DFe', 'strasse-first@example.com'],
      ['STRASSE2', 'strasse-second@example.com'],
      ['apple', 'apple-first@example.com'],
      ['apple2', 'apple-two@example.com'],
      ['\u0430\u0440\u0440\u04CF\u04353', 'apple-cyrillic@example.com'],
      ['rita', 'rita@example.com'],
    ] as const) {
      const res = await login(username);
      expect(res.status, username).toBe(200);
      expect(res.body).toMatchObject({ user: { user_id: ids.get(email), username } });
    }
    // The old spelling now names the account registered first, as the one fold reads it.
    expect((await login('STRASSE')).body).toMatchObject({ user: { user_id: ids.get('strasse-first@example.com') } });
  });

  it('keeps a later film whose title reads as an earlier one’s of the same year on its placeholder, and reports it', async () => {
    const listed = await t.app.db.select({ title: films.title, key: films.titleKey }).from(films).orderBy(asc(films.filmId));
    expect(listed.map((film) => film.title)).toEqual(['Dark City', 'Dark_City']);
    expect(listed[0]?.key).not.toMatch(/^legacy:/);
    expect(listed[1]?.key).toMatch(/^legacy:/);
    expect(first.clashes).toEqual([expect.stringMatching(/^films row \d+ \(Dark_City\)$/)]);
  });

  it('finds nothing to do when run again: no account renamed twice, no mail sent twice', async () => {
    const again = await backfillIdentityKeys(t.app.db, { now: t.app.clock.now(), publicUrl: t.config.publicUrl });
    expect(again).toEqual({ updated: 0, renamed: [], clashes: [expect.stringMatching(/^films row \d+ \(Dark_City\)$/)] });
    expect(rowsOf(await t.app.db.execute(sql`SELECT count(*)::int AS n FROM outbox`))).toEqual([{ n: 2 }]);
  });
});
