import { describe, expect, it } from 'vitest';
import { createFilm, createMember, type TestMember } from '../../../test/support/factories.js';
import { useTestApp } from '../../../test/support/test-app.js';

const t = useTestApp();

function vote(member: TestMember, path: string, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: path, headers: member.auth, payload: { user_id: member.userId, ...body } });
}

describe('GET /api/me/votes', () => {
  it('needs a token', async () => {
    expect((await t.app.inject('/api/me/votes')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/me/votes', headers: { authorization: 'Bearer nope' } })).statusCode).toBe(401);
  });

  it("returns only the caller's answers and ratings, keyed by film id", async () => {
    const [me, other] = [await createMember(t.app), await createMember(t.app)];
    const [a, b, c] = [await createFilm(t.app), await createFilm(t.app), await createFilm(t.app)];

    const empty = await t.app.inject({ url: '/api/me/votes', headers: me.auth });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ mentions: {}, ratings: {} });

    const votes: [string, Record<string, unknown>][] = [
      ['/api/mentions/mentioned', { film_id: a.filmId, mentioned: false }],
      ['/api/mentions/mentioned', { film_id: b.filmId, mentioned: true }],
      ['/api/ratings/rate', { film_id: b.filmId, rating: 7 }],
      ['/api/ratings/rate', { film_id: c.filmId, rating: 2 }],
      ['/api/ratings/edit', { film_id: c.filmId, rating: 3 }],
    ];
    for (const [path, body] of votes) expect((await vote(me, path, body)).statusCode).toBeLessThan(300);
    expect((await vote(other, '/api/mentions/mentioned', { film_id: c.filmId, mentioned: true })).statusCode).toBe(201);
    expect((await vote(other, '/api/ratings/rate', { film_id: a.filmId, rating: 10 })).statusCode).toBe(201);

    const res = await t.app.inject({ url: '/api/me/votes', headers: me.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      mentions: { [a.filmId]: false, [b.filmId]: true },
      ratings: { [b.filmId]: 7, [c.filmId]: 3 },
    });
  });
});
