import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../test/support/test-app.js';
import { isDatabaseUnavailable, isUniqueViolation } from './pg-errors.js';
import { rowsOf } from './raw-rows.js';
import { films } from './schema.js';
import { titleKeys } from '../lib/identity.js';
import { onPostgres } from '../../test/support/config.js';

// The embedded database runs on its own thread (db/pglite-worker.ts); these tests use the
// server's real path to it, through the test app.
describe.runIf(!onPostgres)('the embedded database on its own thread', () => {
  const t = useTestApp();

  const film = (title: string) => ({
    title,
    ...titleKeys(title),
    releaseYear: 2001,
    description: 'A film.',
    slug: title.toLowerCase(),
    createdAt: new Date(),
  });
  const insertFilm = (title: string) => t.database.db.insert(films).values(film(title)).returning({ id: films.filmId });

  it('commits a transaction, and rolls one back when its work throws', async () => {
    await t.database.db.transaction(async (tx) => {
      await tx.insert(films).values(film('Kept'));
    });
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.insert(films).values(film('Dropped'));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const titles = (await t.database.db.select({ title: films.title }).from(films)).map((row) => row.title);
    expect(titles).toContain('Kept');
    expect(titles).not.toContain('Dropped');
  });

  it("keeps PostgreSQL's error fields across the thread", async () => {
    await insertFilm('Twice');
    const error: unknown = await insertFilm('Twice').then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('maps timestamps and raw rows as the in-process driver does', async () => {
    const [row] = await insertFilm('Dated');
    const [stored] = await t.database.db
      .select()
      .from(films)
      .where(eq(films.filmId, row?.id ?? 0));
    expect(stored?.createdAt).toBeInstanceOf(Date);
    expect(rowsOf(await t.database.db.execute(sql`SELECT 41 + 1 AS answer`))).toEqual([{ answer: 42 }]);
  });

  it('answers requests that need no database while a slow query runs', async () => {
    const events: string[] = [];
    // About a second of work inside PostgreSQL, on the database thread.
    const slow = t.database.db.execute(sql`SELECT count(*) FROM generate_series(1, 1000000)`).then(() => events.push('slow query done'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const health = await t.app.inject('/healthz');
    events.push('health answered');
    const timer = await new Promise<string>((resolve) => setTimeout(() => resolve('timer fired'), 1));
    events.push(timer);
    await slow;
    expect(health.statusCode).toBe(200);
    expect(events).toEqual(['health answered', 'timer fired', 'slow query done']);
  });
});

describe.runIf(!onPostgres)('a closed embedded database', () => {
  it('answers queries with an unavailable error, not a hang', async () => {
    const t = await createTestApp();
    await t.database.close();
    const error: unknown = await t.database.db.execute(sql`SELECT 1`).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    await t.app.close();
  });
});
