import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '@filmlist/shared/api/common';
import { serverMessages } from '@filmlist/shared/messages';
import { mentions, ratings, sessions, users } from '../../db/schema.js';
import { RATE_LIMITS } from '../../plugins/rate-limit.js';
import { createFilm, createMember, signInAgain, type TestMember } from '../../../test/support/factories.js';
import { useTestApp } from '../../../test/support/test-app.js';

/**
 * A vote checks its member's session in its own statement (vote-function.ts),
 * not in the guard before it. These are the answers the guard gave: a session
 * that is over answers 401 whatever else is wrong with the request, and writes
 * nothing; a live one gets the refusal its request earns.
 */
const t = useTestApp();
const UNKNOWN_FILM = 987_654;

const routes = {
  rate: { url: '/api/ratings/rate', vote: { rating: 7 }, bad: { rating: 11 } },
  edit: { url: '/api/ratings/edit', vote: { rating: 6 }, bad: { rating: 'six' } },
  mentioned: { url: '/api/mentions/mentioned', vote: { mentioned: false }, bad: { mentioned: 'no' } },
} as const;
type Route = keyof typeof routes;
const routeNames: Route[] = ['rate', 'edit', 'mentioned'];

function vote(route: Route, member: TestMember, filmId: number, body: Record<string, unknown> = routes[route].vote) {
  return t.app.inject({
    method: 'POST',
    url: routes[route].url,
    headers: member.auth,
    payload: { user_id: member.userId, film_id: filmId, ...body },
  });
}

async function votesOf(member: TestMember, filmId: number): Promise<number> {
  const [rated] = await t.app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(ratings)
    .where(and(eq(ratings.userId, member.userId), eq(ratings.filmId, filmId)));
  const [answered] = await t.app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(mentions)
    .where(and(eq(mentions.userId, member.userId), eq(mentions.filmId, filmId)));
  return (rated?.n ?? 0) + (answered?.n ?? 0);
}

function expectSessionEnded(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(401);
  expect(errorBody.parse(res.json())).toMatchObject({ error: serverMessages.sessionExpired, code: 'invalid_token' });
}

/** Uses up the member's write limit for the current minute, as 300 votes would. */
async function exhaustWriteLimit(member: TestMember): Promise<void> {
  const rule = RATE_LIMITS.write.account;
  for (let i = 0; i < rule.limit; i += 1) {
    await t.app.rateLimitStore.hit(`write:acct:user:${member.userId}`, rule.windowMs, t.clock.now().getTime());
  }
}

let filmId: number;
let other: TestMember;
beforeAll(async () => {
  filmId = (await createFilm(t.app)).filmId;
  other = await createMember(t.app);
});

/** Three ways a session ends: a logout, its 30 days, and its account no longer verified. */
const endings: Record<string, (member: TestMember) => Promise<void>> = {
  'revoked by a logout': async (member) => {
    await t.app.sessions.revoke(member.sessionId, 'logout', t.clock.now());
  },
  expired: async (member) => {
    await t.app.db
      .update(sessions)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(sessions.sessionId, member.sessionId));
  },
  'of an account no longer verified': async (member) => {
    await t.app.db.update(users).set({ verified: false }).where(eq(users.userId, member.userId));
  },
};

describe.each(routeNames)('POST %s with a session that is over', (route) => {
  it.each(Object.keys(endings))(
    "a session %s: 401 for a good vote, a bad one, another member's and an unknown film, and nothing written",
    async (ending) => {
      const member = await createMember(t.app);
      // An edit needs a rating to change: the member rates first, while the session is live.
      if (route === 'edit') expect((await vote('rate', member, filmId)).statusCode).toBe(201);
      const before = await votesOf(member, filmId);
      await endings[ending]?.(member);

      expectSessionEnded(await vote(route, member, filmId));
      expectSessionEnded(await vote(route, member, filmId, routes[route].bad));
      expectSessionEnded(
        await t.app.inject({
          method: 'POST',
          url: routes[route].url,
          headers: member.auth,
          payload: { user_id: other.userId, film_id: filmId, ...routes[route].vote },
        }),
      );
      expectSessionEnded(await vote(route, member, UNKNOWN_FILM));
      expect(await votesOf(member, filmId)).toBe(before);
    },
  );

  it('401 rather than 429 once the write limit is used up, and 429 while the session is live', async () => {
    const member = await createMember(t.app);
    if (route === 'edit') expect((await vote('rate', member, filmId)).statusCode).toBe(201);
    await exhaustWriteLimit(member);
    const limited = await vote(route, member, filmId);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    await t.app.sessions.revoke(member.sessionId, 'logout', t.clock.now());
    expectSessionEnded(await vote(route, member, filmId));
  });
});

describe('the write limit and ended sessions', () => {
  it("an ended session's refused votes do not use up its member's write limit: their other session still votes", async () => {
    const member = await createMember(t.app);
    const live = await signInAgain(t.app, member);
    await t.app.sessions.revoke(member.sessionId, 'logout', t.clock.now());
    const rule = RATE_LIMITS.write.account;
    for (let i = 0; i <= rule.limit; i += 1) expectSessionEnded(await vote('rate', member, filmId));
    expect((await vote('rate', live, filmId)).statusCode).toBe(201);
  });
});

describe.each(routeNames)('POST %s with a live session', (route) => {
  it("400 for a bad vote, 403 for another member's, 404 for an unknown film, then the vote, then the refusal of a second", async () => {
    const member = await createMember(t.app);
    const film = (await createFilm(t.app)).filmId;
    if (route === 'edit') expect((await vote('rate', member, film)).statusCode).toBe(201);
    expect((await vote(route, member, film, routes[route].bad)).statusCode).toBe(400);
    const notMine = await t.app.inject({
      method: 'POST',
      url: routes[route].url,
      headers: member.auth,
      payload: { user_id: other.userId, film_id: film, ...routes[route].vote },
    });
    expect(notMine.statusCode).toBe(403);
    expect((await vote(route, member, UNKNOWN_FILM)).statusCode).toBe(404);
    expect((await vote(route, member, film)).statusCode).toBe(route === 'edit' ? 200 : 201);
    // A second answer is refused; an edit may be made again.
    expect((await vote(route, member, film)).statusCode).toBe(route === 'edit' ? 200 : 409);
  });

  it('a vote from another session of the same member counts while the first one is revoked', async () => {
    const member = await createMember(t.app);
    const film = (await createFilm(t.app)).filmId;
    const second = await signInAgain(t.app, member);
    await t.app.sessions.revoke(member.sessionId, 'logout', t.clock.now());
    if (route === 'edit') expect((await vote('rate', second, film)).statusCode).toBe(201);
    expectSessionEnded(await vote(route, member, film));
    expect((await vote(route, second, film)).statusCode).toBe(route === 'edit' ? 200 : 201);
  });
});
