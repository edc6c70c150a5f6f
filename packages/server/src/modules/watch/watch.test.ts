import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@filmlist/shared/messages';
import { watchClicks } from '../../db/schema.js';
import { RATE_LIMITS } from '../../plugins/rate-limit.js';
import { createFilm, createMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** Each test clicks from its own address, so the per-address limit of one test never touches another. */
let address = 0;
const nextAddress = () => `10.0.0.${++address}`;

const click = (payload: object, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/watch/click', payload, remoteAddress });

const clicksOf = (filmId: number) => t.app.db.select().from(watchClicks).where(eq(watchClicks.filmId, filmId));

async function temporaryId(): Promise<string> {
  const res = await t.app.inject('/api/watch/generatetempid');
  expect(res.statusCode).toBe(200);
  return res.json<{ temporaryUserId: string }>().temporaryUserId;
}

describe('GET /api/watch/generatetempid', () => {
  it('answers a fresh random UUID on every call', async () => {
    const ids = await Promise.all([1, 2, 3, 4, 5].map(() => temporaryId()));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('POST /api/watch/click', () => {
  it("stores a visitor's click under the temporary id", async () => {
    const film = await createFilm(t.app);
    const id = await temporaryId();
    const res = await click({ user_id: id, film_id: film.filmId }, nextAddress());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: messages.watchClickRecorded });
    expect(await clicksOf(film.filmId)).toMatchObject([
      { temporaryUserId: id, userId: null, createdAt: t.clock.now() },
    ]);
  });

  it.each(['not-a-uuid', '', 42, '00000000-0000-0000-0000-00000000000g'])('answers 400 to the id %s', async (userId) => {
    const film = await createFilm(t.app);
    const res = await click({ user_id: userId, film_id: film.filmId }, nextAddress());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: messages.temporaryIdInvalid });
    expect(await clicksOf(film.filmId)).toHaveLength(0);
  });

  it('answers 400 to a malformed film id and 404 to an unknown film', async () => {
    const id = await temporaryId();
    const malformed = await click({ user_id: id, film_id: 'abc' }, nextAddress());
    expect(malformed.statusCode).toBe(400);
    const unknown = await click({ user_id: id, film_id: 2_000_000_000 }, nextAddress());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: messages.filmNotFound });
  });

  it('answers 429 with Retry-After once an address passes the watch limit', async () => {
    const film = await createFilm(t.app);
    const id = await temporaryId();
    const from = nextAddress();
    const { limit } = RATE_LIMITS.watch.ip;
    for (let i = 0; i < limit; i += 1) {
      expect((await click({ user_id: id, film_id: film.filmId }, from)).statusCode).toBe(201);
    }
    const over = await click({ user_id: id, film_id: film.filmId }, from);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json()).toMatchObject({ error: messages.rateLimited });
    expect(await clicksOf(film.filmId)).toHaveLength(limit);

    // Another address is not held back.
    expect((await click({ user_id: id, film_id: film.filmId }, nextAddress())).statusCode).toBe(201);
  });
});

describe('POST /api/watch/authclick', () => {
  const authClick = (payload: object, headers?: { authorization: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/watch/authclick',
      payload,
      remoteAddress: nextAddress(),
      ...(headers ? { headers } : {}),
    });

  it("stores a member's own click", async () => {
    const member = await createMember(t.app);
    const film = await createFilm(t.app);
    const res = await authClick({ user_id: member.userId, film_id: film.filmId }, member.auth);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: messages.watchClickRecorded });
    expect(await clicksOf(film.filmId)).toMatchObject([{ userId: member.userId, temporaryUserId: null }]);
  });

  it('answers 401 to a visitor and 403 to a member clicking as someone else', async () => {
    const member = await createMember(t.app);
    const other = await createMember(t.app);
    const film = await createFilm(t.app);
    expect((await authClick({ user_id: member.userId, film_id: film.filmId })).statusCode).toBe(401);
    const impersonation = await authClick({ user_id: other.userId, film_id: film.filmId }, member.auth);
    expect(impersonation.statusCode).toBe(403);
    expect(impersonation.json()).toMatchObject({ error: messages.notYourAccount });
    expect(await clicksOf(film.filmId)).toHaveLength(0);
  });

  it('answers 404 to an unknown film', async () => {
    const member = await createMember(t.app);
    const res = await authClick({ user_id: member.userId, film_id: 2_000_000_000 }, member.auth);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: messages.filmNotFound });
  });
});
