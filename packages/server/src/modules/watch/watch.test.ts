import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages, serverMessages } from '@filmlist/shared/messages';
import { watchClicks } from '../../db/schema.js';
import { RATE_LIMITS } from '../../plugins/rate-limit.js';
import { createFilm, createMember } from '../../../test/support/factories.js';
import { useTestApp } from '../../../test/support/test-app.js';
import { VISITOR_ID_TTL_MS, VisitorIds } from './visitor-ids.js';
import { freshClientAddress } from '../../../test/support/http.js';

const t = useTestApp();

/** RFC 9562 version 8: a UUID of the server's own layout (time, randomness, signature). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** Each test clicks from its own address, so the per-address limit of one test never touches another. */

const click = (payload: object, remoteAddress: string) => t.app.inject({ method: 'POST', url: '/api/watch/click', payload, remoteAddress });

const clicksOf = (filmId: number) => t.app.db.select().from(watchClicks).where(eq(watchClicks.filmId, filmId));

async function temporaryId(): Promise<string> {
  const res = await t.app.inject({ url: '/api/watch/generatetempid', remoteAddress: freshClientAddress() });
  expect(res.statusCode).toBe(200);
  return res.json<{ temporaryUserId: string }>().temporaryUserId;
}

describe('GET /api/watch/generatetempid', () => {
  it('answers a fresh UUID on every call', async () => {
    const ids = await Promise.all([1, 2, 3, 4, 5].map(() => temporaryId()));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives one address a few ids an hour, so a script cannot mint one per click', async () => {
    const from = freshClientAddress();
    const get = () => t.app.inject({ url: '/api/watch/generatetempid', remoteAddress: from });
    for (let i = 0; i < RATE_LIMITS.visitorId.ip.limit; i += 1) expect((await get()).statusCode).toBe(200);
    const refused = await get();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /api/watch/click', () => {
  it("stores a visitor's click under the temporary id", async () => {
    const film = await createFilm(t.app);
    const id = await temporaryId();
    const res = await click({ user_id: id, film_id: film.filmId }, freshClientAddress());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: serverMessages.watchClickRecorded });
    expect(await clicksOf(film.filmId)).toMatchObject([{ temporaryUserId: id, userId: null, createdAt: t.clock.now() }]);
  });

  it.each(['not-a-uuid', '', 42, '00000000-0000-0000-0000-00000000000g'])('answers 400 to the id %s', async (userId) => {
    const film = await createFilm(t.app);
    const res = await click({ user_id: userId, film_id: film.filmId }, freshClientAddress());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: messages.temporaryIdInvalid });
    expect(await clicksOf(film.filmId)).toHaveLength(0);
  });

  it('answers 400 to a malformed film id and 404 to an unknown film', async () => {
    const id = await temporaryId();
    const malformed = await click({ user_id: id, film_id: 'abc' }, freshClientAddress());
    expect(malformed.statusCode).toBe(400);
    const unknown = await click({ user_id: id, film_id: 2_000_000_000 }, freshClientAddress());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: messages.filmNotFound });
  });

  it.each([
    ['a random UUID', () => randomUUID()],
    ['the all-zero UUID', () => '00000000-0000-0000-0000-000000000000'],
    ['an id signed with another secret', () => new VisitorIds('another-secret-another-secret-0123456789').issue(t.clock.now())],
  ])('answers 400 to an id the server never issued: %s', async (_name, forge) => {
    const film = await createFilm(t.app);
    const res = await click({ user_id: forge(), film_id: film.filmId }, freshClientAddress());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: messages.temporaryIdInvalid,
      code: 'temporary_id_forged',
      fields: { user_id: messages.temporaryIdInvalid },
    });
    expect(await clicksOf(film.filmId)).toHaveLength(0);
  });

  it('answers 400 to an issued id with any character changed', async () => {
    const film = await createFilm(t.app);
    const id = await temporaryId();
    const tampered = [0, 10, 15, 20, 35].map((at) => id.slice(0, at) + (id[at] === '0' ? '1' : '0') + id.slice(at + 1));
    for (const user_id of tampered) {
      const res = await click({ user_id, film_id: film.filmId }, freshClientAddress());
      expect(res.statusCode, user_id).toBe(400);
    }
    expect(await clicksOf(film.filmId)).toHaveLength(0);
  });

  it('accepts an id for 30 days, then answers 400 until the visitor fetches a new one', async () => {
    const film = await createFilm(t.app);
    const id = await temporaryId();
    t.clock.advance(VISITOR_ID_TTL_MS - 3600_000);
    expect((await click({ user_id: id, film_id: film.filmId }, freshClientAddress())).statusCode).toBe(201);
    t.clock.advance(3600_000);
    const expired = await click({ user_id: id, film_id: film.filmId }, freshClientAddress());
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ error: messages.temporaryIdInvalid, code: 'temporary_id_expired' });
    expect((await click({ user_id: await temporaryId(), film_id: film.filmId }, freshClientAddress())).statusCode).toBe(201);
    expect(await clicksOf(film.filmId)).toHaveLength(2);
  });

  it('counts repeated clicks by one visitor on one film within a UTC day once', async () => {
    t.clock.set(new Date('2026-09-01T00:00:00Z'));
    const [film, other] = [await createFilm(t.app), await createFilm(t.app)];
    const [id, someoneElse] = [await temporaryId(), await temporaryId()];
    for (let i = 0; i < 5; i += 1) {
      const res = await click({ user_id: id, film_id: film.filmId }, freshClientAddress());
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: serverMessages.watchClickRecorded });
      t.clock.advance(4 * 3600_000);
    }
    expect(await clicksOf(film.filmId)).toHaveLength(1);
    // Another visitor and another film count on their own.
    expect((await click({ user_id: someoneElse, film_id: film.filmId }, freshClientAddress())).statusCode).toBe(201);
    expect((await click({ user_id: id, film_id: other.filmId }, freshClientAddress())).statusCode).toBe(201);
    expect(await clicksOf(film.filmId)).toHaveLength(2);
    expect(await clicksOf(other.filmId)).toHaveLength(1);
    // The clock stands at 20:00; four hours on it is the next UTC day, and the first visitor counts again.
    t.clock.advance(4 * 3600_000);
    expect((await click({ user_id: id, film_id: film.filmId }, freshClientAddress())).statusCode).toBe(201);
    const days = (await clicksOf(film.filmId)).filter((c) => c.temporaryUserId === id).map((c) => c.day);
    expect(days.sort()).toEqual(['2026-09-01', '2026-09-02']);
  });

  it('counts a visitor once when the same click arrives many times at once', async () => {
    const film = await createFilm(t.app);
    const id = await temporaryId();
    const answers = await Promise.all(Array.from({ length: 8 }, () => click({ user_id: id, film_id: film.filmId }, freshClientAddress())));
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 8 }, () => 201));
    expect(await clicksOf(film.filmId)).toHaveLength(1);
  });

  it('checks the id before the film: a forged id on an unknown film is a 400', async () => {
    const res = await click({ user_id: randomUUID(), film_id: 2_000_000_000 }, freshClientAddress());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: messages.temporaryIdInvalid });
  });

  it('answers 429 with Retry-After once an address passes the watch limit', async () => {
    const film = await createFilm(t.app);
    const id = await temporaryId();
    const from = freshClientAddress();
    const { limit } = RATE_LIMITS.watch.ip;
    for (let i = 0; i < limit; i += 1) {
      expect((await click({ user_id: id, film_id: film.filmId }, from)).statusCode).toBe(201);
    }
    const over = await click({ user_id: id, film_id: film.filmId }, from);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json()).toMatchObject({ error: messages.rateLimited });
    expect(await clicksOf(film.filmId)).toHaveLength(1);

    // Another address is not held back.
    expect((await click({ user_id: id, film_id: film.filmId }, freshClientAddress())).statusCode).toBe(201);
  });
});

describe('POST /api/watch/authclick', () => {
  const authClick = (payload: object, headers?: { authorization: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/watch/authclick',
      payload,
      remoteAddress: freshClientAddress(),
      ...(headers ? { headers } : {}),
    });

  it("stores a member's own click", async () => {
    const member = await createMember(t.app);
    const film = await createFilm(t.app);
    const res = await authClick({ user_id: member.userId, film_id: film.filmId }, member.auth);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: serverMessages.watchClickRecorded });
    expect(await clicksOf(film.filmId)).toMatchObject([{ userId: member.userId, temporaryUserId: null }]);
  });

  it('answers 401 to a visitor and 403 to a member clicking as someone else', async () => {
    const member = await createMember(t.app);
    const other = await createMember(t.app);
    const film = await createFilm(t.app);
    expect((await authClick({ user_id: member.userId, film_id: film.filmId })).statusCode).toBe(401);
    const impersonation = await authClick({ user_id: other.userId, film_id: film.filmId }, member.auth);
    expect(impersonation.statusCode).toBe(403);
    expect(impersonation.json()).toMatchObject({ error: serverMessages.notYourAccount });
    expect(await clicksOf(film.filmId)).toHaveLength(0);
  });

  it("counts a member's repeated clicks on one film within a UTC day once", async () => {
    // Five minutes before midnight (UTC), so the member's 15-minute token lasts into the next day.
    t.clock.set(new Date('2026-10-01T23:55:00Z'));
    const member = await createMember(t.app);
    const film = await createFilm(t.app);
    for (let i = 0; i < 5; i += 1) {
      expect((await authClick({ user_id: member.userId, film_id: film.filmId }, member.auth)).statusCode).toBe(201);
      t.clock.advance(60_000);
    }
    expect(await clicksOf(film.filmId)).toHaveLength(1);
    t.clock.advance(60_000);
    expect((await authClick({ user_id: member.userId, film_id: film.filmId }, member.auth)).statusCode).toBe(201);
    expect(await clicksOf(film.filmId)).toHaveLength(2);
  });

  it('answers 404 to an unknown film', async () => {
    const member = await createMember(t.app);
    const res = await authClick({ user_id: member.userId, film_id: 2_000_000_000 }, member.auth);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: messages.filmNotFound });
  });
});
