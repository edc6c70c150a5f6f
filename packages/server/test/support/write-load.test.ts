import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createFilm, createMember } from './factories.js';
import { useTestApp } from './test-app.js';
import { checkAgainstDatabase, type Outcome, type WriteOp } from './write-load.js';

/** The checker the fault tests rely on finds what it must: a lost write, a phantom write, a wrong value. */
const t = useTestApp();

const outcome = (op: WriteOp, status: Outcome['status']): Outcome => ({ op, status, body: undefined, ms: 1, at: Date.now() });

describe('checkAgainstDatabase', () => {
  it('accepts the database when it holds exactly what was acknowledged, plus or minus writes in doubt', async () => {
    const member = await createMember(t.app);
    const film = await createFilm(t.app);
    const other = await createFilm(t.app);
    await t.app.db.execute(sql`SELECT record_rating(${member.userId}, ${film.filmId}, ${6}::smallint, ${t.clock.now()})`);
    await t.app.db.execute(sql`SELECT record_mention(${member.userId}, ${film.filmId}, ${true}, ${t.clock.now()})`);
    const { userId } = member;
    const filmId = film.filmId;

    const acked = [
      outcome({ kind: 'mention', userId, filmId, mentioned: true }, 201),
      outcome({ kind: 'rate', userId, filmId, rating: 4 }, 201),
      // An edit whose answer never came: it may have committed.
      outcome({ kind: 'edit', userId, filmId, rating: 6 }, 'no answer'),
      // A mention in doubt that did not commit, and a refused one.
      outcome({ kind: 'mention', userId, filmId: other.filmId, mentioned: false }, 503),
      outcome({ kind: 'rate', userId, filmId: other.filmId, rating: 3 }, 400),
      outcome({ kind: 'signup', username: member.username }, 201),
    ];
    expect(await checkAgainstDatabase(t.app.db, acked)).toEqual([]);

    // The stored rating (6) is neither the acknowledged value nor one in doubt.
    const wrongValue = [
      outcome({ kind: 'mention', userId, filmId, mentioned: true }, 201),
      outcome({ kind: 'rate', userId, filmId, rating: 4 }, 201),
    ];
    expect(await checkAgainstDatabase(t.app.db, wrongValue)).toEqual([`rating ${userId}:${filmId} is 6, expected 4`]);

    // Acknowledged but missing; stored but never sent.
    const lost = [
      outcome({ kind: 'mention', userId, filmId, mentioned: true }, 201),
      outcome({ kind: 'mention', userId, filmId: other.filmId, mentioned: true }, 201),
      outcome({ kind: 'signup', username: 'nobody-signed-up' }, 201),
    ];
    expect(await checkAgainstDatabase(t.app.db, lost)).toEqual([
      `acknowledged mention ${userId}:${other.filmId} is missing`,
      `rating ${userId}:${filmId} is stored but was never acknowledged or in doubt`,
      'acknowledged sign-up nobody-signed-up is missing',
    ]);
  });
});
