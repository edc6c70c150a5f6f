import { rmSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions, RouteOptions } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAnswer } from '@filmlist/shared/api/users';
import { refreshAnswer } from '@filmlist/shared/api/auth';
import { messages, serverMessages } from '@filmlist/shared/messages';
import { buildApp } from '../../src/app.js';
import { createWebRoot } from '../support/web-root.js';
import { loadConfig } from '../../src/config.js';
import { mentions, ratings, submissions, users, watchClicks, watchlist } from '../../src/db/schema.js';
import { cardPath } from '../../src/modules/cards/card-store.js';
import { generatedPosterUrl } from '../../src/modules/posters/address.js';
import type { FilmRow } from '../../src/modules/films/presenter.js';
import { MEMBER_PASSWORD, createFilm, createMember, createReviewer, unique, type TestMember } from '../support/factories.js';
import { verificationToken } from '../support/queued-mail.js';
import { TEST_REVIEWERS, createTestApp, reviewerEmail, useTestApp } from '../support/test-app.js';
import { freshClientAddress } from '../support/http.js';

/**
 * ASVS 8.2 and 8.3: every route of the app, as enumerated by Fastify's onRoute
 * hook, is called by a visitor, the member who owns the resource, another
 * member acting on the owner's id, a reviewer acting on the owner's id, and a
 * visitor holding a forged token. A route the table below does not know fails
 * the test, so a new route cannot ship without a decision about who may call it.
 */

type Role = 'visitor' | 'member' | 'other' | 'reviewer';
type Expectation = Record<Role, number>;

/** Anyone, signed in or not. */
const anyone = (status: number): Expectation => ({ visitor: status, member: status, other: status, reviewer: status });
/** Any signed-in member, acting for themself. */
const signedIn = (status: number): Expectation => ({ visitor: 401, member: status, other: status, reviewer: status });
/** Only the member whose user_id the request names. */
const ownerOnly = (status: number): Expectation => ({ visitor: 401, member: status, other: 403, reviewer: 403 });
/** Reviewers only. */
const reviewerOnly = (status: number): Expectation => ({ visitor: 401, member: 403, other: 403, reviewer: status });

interface Walk {
  /** the first member: every user_id and username in a request is theirs */
  owner: TestMember;
  film: FilmRow;
  /** a client address of its own, so no rate limit interferes with the walk */
  ip(): string;
}

interface RouteCase {
  expect: Expectation;
  /** the request (without method or credentials), built afresh for each call */
  request(walk: Walk): Promise<InjectOptions> | InjectOptions;
  /** the call ends the caller's session (logout) or account (delete), so each caller is a new one */
  consumes?: 'session' | 'account';
}

const GOOD_PASSWORD = 'a long unusual passphrase 42';
const DESCRIPTION = 'A quiet film about a loud family.';

let webRoot: string;

async function submitAsOwner(walk: Walk): Promise<{ title: string; release_year: string }> {
  const title = unique('Walk film ');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/films/reviewfilm',
    headers: walk.owner.auth,
    payload: { title, release_year: '1999', description: DESCRIPTION },
    remoteAddress: walk.ip(),
  });
  expect(res.statusCode).toBe(201);
  return { title, release_year: '1999' };
}

const ROUTES: Record<string, RouteCase> = {
  // Health and documentation.
  'GET /healthz': { expect: anyone(200), request: () => ({ url: '/healthz' }) },
  'GET /readyz': { expect: anyone(200), request: () => ({ url: '/readyz' }) },
  'GET /api/docs': { expect: anyone(200), request: () => ({ url: '/api/docs' }) },
  'HEAD /api/docs/': { expect: anyone(200), request: () => ({ url: '/api/docs/' }) },
  'GET /api/docs/json': { expect: anyone(200), request: () => ({ url: '/api/docs/json' }) },
  'GET /api/docs/yaml': { expect: anyone(200), request: () => ({ url: '/api/docs/yaml' }) },
  'GET /api/docs/static/index.html': { expect: anyone(302), request: () => ({ url: '/api/docs/static/index.html' }) },
  'GET /api/docs/static/swagger-initializer.js': {
    expect: anyone(200),
    request: () => ({ url: '/api/docs/static/swagger-initializer.js' }),
  },
  'GET /api/docs/static/*': { expect: anyone(200), request: () => ({ url: '/api/docs/static/swagger-ui.css' }) },

  // The web app.
  'GET /': { expect: anyone(200), request: () => ({ url: '/' }) },
  'GET /index.html': { expect: anyone(200), request: () => ({ url: '/index.html' }) },
  // The page itself is public; the app asks a visitor to log in (the data behind it is what is guarded).
  'GET /dashboard': { expect: anyone(200), request: () => ({ url: '/dashboard' }) },
  'GET /films/:slug': { expect: anyone(200), request: (w) => ({ url: `/films/${w.film.slug}` }) },
  // The app sends a visitor on to log in; the page itself holds nothing private.
  'GET /films/private/:slug': { expect: anyone(200), request: (w) => ({ url: `/films/private/${w.film.slug}` }) },
  'GET /assets/index-walk.js': { expect: anyone(200), request: () => ({ url: '/assets/index-walk.js' }) },
  'GET /favicon.svg': { expect: anyone(200), request: () => ({ url: '/favicon.svg' }) },

  // Discovery and share cards: public.
  'GET /feed.xml': { expect: anyone(200), request: () => ({ url: '/feed.xml' }) },
  'GET /sitemap.xml': { expect: anyone(200), request: () => ({ url: '/sitemap.xml' }) },
  'GET /robots.txt': { expect: anyone(200), request: () => ({ url: '/robots.txt' }) },
  'GET /cards/:card': { expect: anyone(200), request: (w) => ({ url: cardPath(w.film) }) },
  'GET /posters/:file': { expect: anyone(200), request: (w) => ({ url: generatedPosterUrl(w.film) }) },

  // Films: public reads.
  'GET /api/films/allfilms': { expect: anyone(200), request: () => ({ url: '/api/films/allfilms' }) },
  // The live list: an endless stream, so its answer is taken as it starts.
  'GET /api/films/events': { expect: anyone(200), request: () => ({ url: '/api/films/events', payloadAsStream: true }) },
  'GET /api/films/checkfilm': {
    expect: anyone(200),
    request: (w) => ({ url: '/api/films/checkfilm', query: { title: w.film.title, release_year: String(w.film.releaseYear) } }),
  },
  'GET /api/films/filmdetails': {
    expect: anyone(200),
    request: (w) => ({ url: '/api/films/filmdetails', query: { slug: w.film.slug } }),
  },
  'GET /api/films/new': { expect: anyone(200), request: () => ({ url: '/api/films/new' }) },
  'GET /api/films/standing': {
    expect: anyone(200),
    request: (w) => ({ url: '/api/films/standing', query: { film_id: String(w.film.filmId) } }),
  },

  // Submissions: members submit, reviewers decide.
  'POST /api/films/reviewfilm': {
    expect: signedIn(201),
    request: () => ({
      url: '/api/films/reviewfilm',
      payload: { title: unique('Submitted film '), release_year: '2003', description: DESCRIPTION },
    }),
  },
  'GET /api/films/submissions': { expect: reviewerOnly(200), request: () => ({ url: '/api/films/submissions' }) },
  'POST /api/films/addfilm': {
    expect: reviewerOnly(200),
    request: async (w) => ({
      url: '/api/films/addfilm',
      payload: { ...(await submitAsOwner(w)), description: DESCRIPTION, userId: w.owner.userId },
    }),
  },
  'POST /api/films/reject': {
    expect: reviewerOnly(200),
    request: async (w) => ({
      url: '/api/films/reject',
      payload: { ...(await submitAsOwner(w)), userId: w.owner.userId, reason: 'Not undervalued enough.' },
    }),
  },

  // Counters: public.
  'GET /api/mentions/not-heard-before-count': {
    expect: anyone(200),
    request: (w) => ({ url: '/api/mentions/not-heard-before-count', query: { film_id: String(w.film.filmId) } }),
  },
  'GET /api/mentions/heard-not-rated-count': {
    expect: anyone(200),
    request: (w) => ({ url: '/api/mentions/heard-not-rated-count', query: { film_id: String(w.film.filmId) } }),
  },
  'GET /api/ratings/rating-count': {
    expect: anyone(200),
    request: (w) => ({ url: '/api/ratings/rating-count', query: { film_id: String(w.film.filmId) } }),
  },
  'GET /api/ratings/sum-total': {
    expect: anyone(200),
    request: (w) => ({ url: '/api/ratings/sum-total', query: { film_id: String(w.film.filmId) } }),
  },

  // Mentions and ratings: a member's own, named by user_id.
  'GET /api/mentions/checkmentioned': {
    expect: ownerOnly(200),
    request: (w) => ({
      url: '/api/mentions/checkmentioned',
      query: { user_id: String(w.owner.userId), film_id: String(w.film.filmId) },
    }),
  },
  'GET /api/mentions/not-mentioned': {
    expect: ownerOnly(200),
    request: (w) => ({ url: '/api/mentions/not-mentioned', query: { user_id: String(w.owner.userId) } }),
  },
  'GET /api/mentions/not-heard-before': {
    expect: ownerOnly(200),
    request: (w) => ({ url: '/api/mentions/not-heard-before', query: { user_id: String(w.owner.userId) } }),
  },
  'POST /api/mentions/mentioned': {
    expect: ownerOnly(201),
    request: async (w) => ({
      url: '/api/mentions/mentioned',
      payload: { user_id: w.owner.userId, film_id: (await createFilm(t.app)).filmId, mentioned: false },
    }),
  },
  'GET /api/ratings/checkrating': {
    expect: ownerOnly(200),
    request: (w) => ({
      url: '/api/ratings/checkrating',
      query: { user_id: String(w.owner.userId), film_id: String(w.film.filmId) },
    }),
  },
  'GET /api/ratings/not-rated': {
    expect: ownerOnly(200),
    request: (w) => ({ url: '/api/ratings/not-rated', query: { user_id: String(w.owner.userId) } }),
  },
  'POST /api/ratings/rate': {
    expect: ownerOnly(201),
    request: async (w) => ({
      url: '/api/ratings/rate',
      payload: { user_id: w.owner.userId, film_id: (await createFilm(t.app)).filmId, rating: 7 },
    }),
  },
  'POST /api/ratings/edit': {
    expect: ownerOnly(200),
    request: async (w) => {
      const film = await createFilm(t.app);
      const rated = await t.app.inject({
        method: 'POST',
        url: '/api/ratings/rate',
        headers: w.owner.auth,
        payload: { user_id: w.owner.userId, film_id: film.filmId, rating: 5 },
      });
      expect(rated.statusCode).toBe(201);
      return { url: '/api/ratings/edit', payload: { user_id: w.owner.userId, film_id: film.filmId, rating: 9 } };
    },
  },

  // Watch clicks: visitors under a temporary id, members as themselves.
  'GET /api/watch/generatetempid': { expect: anyone(200), request: () => ({ url: '/api/watch/generatetempid' }) },
  'POST /api/watch/click': {
    expect: anyone(201),
    request: async (w) => {
      const issued = await t.app.inject({ url: '/api/watch/generatetempid', remoteAddress: w.ip() });
      const { temporaryUserId } = issued.json<{ temporaryUserId: string }>();
      return { url: '/api/watch/click', payload: { user_id: temporaryUserId, film_id: w.film.filmId } };
    },
  },
  'POST /api/watch/authclick': {
    expect: ownerOnly(201),
    request: (w) => ({ url: '/api/watch/authclick', payload: { user_id: w.owner.userId, film_id: w.film.filmId } }),
  },

  // Accounts.
  'POST /api/users/check': {
    expect: anyone(200),
    request: (w) => ({ url: '/api/users/check', payload: { username: w.owner.username } }),
  },
  'POST /api/users/register': {
    expect: anyone(201),
    request: () => {
      const username = unique('walker');
      return { url: '/api/users/register', payload: { username, email: `${username}@example.com`, password: GOOD_PASSWORD } };
    },
  },
  'POST /api/users/login': {
    expect: anyone(200),
    request: (w) => ({ url: '/api/users/login', payload: { username: w.owner.username, password: MEMBER_PASSWORD } }),
  },
  'GET /api/users/profile/:username': {
    expect: anyone(200),
    request: (w) => ({ url: `/api/users/profile/${w.owner.username}` }),
  },
  'PUT /api/users/profile/:user_id': {
    expect: ownerOnly(200),
    // The owner's own username again: a real update that changes nothing the walk relies on.
    request: (w) => ({ url: `/api/users/profile/${w.owner.userId}`, payload: { username: w.owner.username } }),
  },
  'DELETE /api/users/delete': {
    expect: signedIn(200),
    consumes: 'account',
    request: () => ({ url: '/api/users/delete', payload: { currentPassword: MEMBER_PASSWORD } }),
  },
  // Reviewers' tools.
  'GET /api/films/review-history': { expect: reviewerOnly(200), request: () => ({ url: '/api/films/review-history' }) },
  'PUT /api/films/:film_id': {
    expect: reviewerOnly(200),
    request: async () => {
      const film = await createFilm(t.app);
      return {
        url: `/api/films/${film.filmId}`,
        payload: { title: unique('Edited film '), release_year: '2001', description: DESCRIPTION },
      };
    },
  },
  'DELETE /api/films/:film_id': {
    expect: reviewerOnly(200),
    request: async () => ({ url: `/api/films/${(await createFilm(t.app)).filmId}`, payload: { reason: 'A duplicate.' } }),
  },
  // A member's own data.
  'GET /api/me/submissions': { expect: signedIn(200), request: () => ({ url: '/api/me/submissions' }) },
  'GET /api/me/export': { expect: signedIn(200), request: () => ({ url: '/api/me/export' }) },
  'DELETE /api/me/submissions/:submission_id': {
    // The owner's pending submission: anyone else finds nothing to withdraw.
    expect: { visitor: 401, member: 200, other: 404, reviewer: 404 },
    request: async (w) => {
      await submitAsOwner(w);
      const mine = await t.app.inject({ url: '/api/me/submissions', headers: w.owner.auth, remoteAddress: w.ip() });
      const newest = mine.json<{ submissions: { submission_id: number }[] }>().submissions[0];
      return { url: `/api/me/submissions/${newest?.submission_id ?? 0}` };
    },
  },
  'PATCH /api/me/submissions/:submission_id': {
    // Whether the owner's note names them: anyone else finds nothing to change.
    expect: { visitor: 401, member: 200, other: 404, reviewer: 404 },
    request: async (w) => {
      await submitAsOwner(w);
      const mine = await t.app.inject({ url: '/api/me/submissions', headers: w.owner.auth, remoteAddress: w.ip() });
      const newest = mine.json<{ submissions: { submission_id: number }[] }>().submissions[0];
      return { url: `/api/me/submissions/${newest?.submission_id ?? 0}`, payload: { note_named: false } };
    },
  },
  // The film database lookup: any member (without a token it answers available: false).
  'GET /api/films/lookup': { expect: signedIn(200), request: () => ({ url: '/api/films/lookup', query: { query: 'moon' } }) },
  // One film database entry, for the reviewer's check of a member's link (available: false without a token).
  'GET /api/films/entry': { expect: reviewerOnly(200), request: () => ({ url: '/api/films/entry', query: { tmdb_id: '603' } }) },
  'POST /api/users/forgot-password': {
    expect: anyone(200),
    request: () => ({ url: '/api/users/forgot-password', payload: { email: `${unique('forgetful')}@example.com` } }),
  },
  'POST /api/users/resend-verification': {
    expect: anyone(200),
    request: () => ({ url: '/api/users/resend-verification', payload: { email: `${unique('waiting')}@example.com` } }),
  },
  'POST /api/users/reset-password': {
    // Anyone holding a link may use it; a link that does not exist is refused the same for all.
    expect: anyone(400),
    request: () => ({ url: '/api/users/reset-password', payload: { token: 'no-such-link-anywhere-at-all', password: GOOD_PASSWORD } }),
  },
  'GET /api/users/verification/:token': {
    expect: anyone(200),
    request: async (w) => {
      const username = unique('verifier');
      const email = `${username}@example.com`;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: { username, email, password: GOOD_PASSWORD },
        remoteAddress: w.ip(),
      });
      expect(res.statusCode).toBe(201);
      return { url: `/api/users/verification/${await verificationToken(t.app, email)}` };
    },
  },

  // Sessions.
  'POST /api/auth/store': { expect: signedIn(200), request: () => ({ url: '/api/auth/store' }) },
  'POST /api/auth/refresh': {
    expect: anyone(200),
    request: async (w) => {
      const session = await t.app.sessions.create(w.owner.userId, t.app.clock.now());
      return { url: '/api/auth/refresh', payload: { refresh: session.refreshToken } };
    },
  },
  'POST /api/auth/logout': { expect: anyone(200), consumes: 'session', request: () => ({ url: '/api/auth/logout' }) },
  'GET /api/me/votes': { expect: signedIn(200), request: () => ({ url: '/api/me/votes' }) },

  // The watchlist and the Letterboxd exports: each member's own, by the token alone.
  'GET /api/me/watchlist': { expect: signedIn(200), request: () => ({ url: '/api/me/watchlist' }) },
  'PUT /api/me/watchlist/:film_id': {
    expect: signedIn(201),
    request: async () => ({ url: `/api/me/watchlist/${(await createFilm(t.app)).filmId}` }),
  },
  'DELETE /api/me/watchlist/:film_id': { expect: signedIn(204), request: (w) => ({ url: `/api/me/watchlist/${w.film.filmId}` }) },
  'GET /api/me/export/watchlist.csv': { expect: signedIn(200), request: () => ({ url: '/api/me/export/watchlist.csv' }) },
  'GET /api/me/export/ratings.csv': { expect: signedIn(200), request: () => ({ url: '/api/me/export/ratings.csv' }) },
};

const INJECT_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Every method and URL Fastify registered, in registration order. */
const registered: string[] = [];
/** Each route's options as registered: its guard (membersOnly, reviewersOnly) marks config.access. */
const routeOptions = new Map<string, RouteOptions>();
let extraReviewers = 0;

beforeAll(() => {
  // A built web app of two files, so the static routes of a production build are walked too.
  webRoot = createWebRoot({ 'assets/index-walk.js': 'console.log("app");\n', 'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>' });
});
afterAll(() => {
  rmSync(webRoot, { recursive: true, force: true });
});
const t = useTestApp(() => ({
  // Extra reviewer names, for callers that delete their own account.
  env: { REVIEWERS: [...TEST_REVIEWERS, 'walkrev1', 'walkrev2', 'walkrev3'].map(reviewerEmail).join(',') },
  app: {
    webRoot,
    onRoute: (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        registered.push(`${method} ${route.url}`);
        routeOptions.set(`${method} ${route.url}`, route);
      }
    },
  },
}));

/** The table entry for a registered route: HEAD routes Fastify adds for GET routes are walked as their GET. */
function caseFor(key: string): RouteCase | undefined {
  const explicit = ROUTES[key];
  if (explicit) return explicit;
  const [method, url] = key.split(' ');
  return method === 'HEAD' ? ROUTES[`GET ${url}`] : undefined;
}

describe('access control on every route (ASVS 8.2, 8.3)', () => {
  it('knows every registered route, and every route it knows is registered', () => {
    expect(registered.length).toBeGreaterThan(50);
    const unknown = registered.filter((key) => !caseFor(key));
    expect(unknown, 'routes without an entry in the access table of this test').toEqual([]);
    const stale = Object.keys(ROUTES).filter((key) => !registered.includes(key));
    expect(stale, 'entries of the access table that match no route').toEqual([]);
  });

  it('declares every route a visitor may not call under a guard: membersOnly, or reviewersOnly where members are refused', () => {
    const misdeclared = registered.flatMap((key) => {
      const expected = caseFor(key)?.expect;
      if (!expected) return [];
      const access = routeOptions.get(key)?.config?.access;
      const wanted = expected.visitor !== 401 ? undefined : expected.member === 403 && expected.other === 403 ? 'reviewer' : 'member';
      return access === wanted ? [] : [`${key}: declared ${access ?? 'public'}, expected ${wanted ?? 'public'}`];
    });
    expect(misdeclared).toEqual([]);
  });

  it('refuses every actor who may not act with 401 or 403, and refuses no one who may', async () => {
    const owner = await createMember(t.app);
    const other = await createMember(t.app);
    const reviewer = await createReviewer(t.app);
    const film = await createFilm(t.app);
    const walk: Walk = { owner, film, ip: freshClientAddress };

    // A visitor who forges the owner's token with alg "none" must get exactly what a visitor gets.
    const claims = decodeJwt(owner.accessToken);
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const forged = `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;

    async function credentials(role: Role, consumes: RouteCase['consumes']): Promise<Record<string, string>> {
      if (role === 'visitor') return {};
      const holder = role === 'member' ? owner : role === 'other' ? other : reviewer;
      if (consumes === 'account') {
        const fresh =
          role === 'reviewer'
            ? await createMember(t.app, { username: `walkrev${++extraReviewers}`, email: reviewerEmail(`walkrev${extraReviewers}`) })
            : await createMember(t.app);
        return fresh.auth;
      }
      if (consumes === 'session') {
        const session = await t.app.sessions.create(holder.userId, t.app.clock.now());
        const access = await t.app.accessTokens.sign({ userId: holder.userId, sessionId: session.sessionId }, t.app.clock.now());
        return { authorization: `Bearer ${access.token}` };
      }
      return holder.auth;
    }

    const failures: string[] = [];
    let calls = 0;
    for (const key of registered) {
      const routeCase = caseFor(key);
      if (!routeCase) continue;
      const method = INJECT_METHODS.find((m) => key.startsWith(`${m} `));
      if (!method) throw new Error(`no way to call ${key}`);
      const callers: [string, Role, () => Promise<Record<string, string>>][] = [
        ...(['visitor', 'member', 'other', 'reviewer'] as const).map((role): [string, Role, () => Promise<Record<string, string>>] => [
          role,
          role,
          () => credentials(role, routeCase.consumes),
        ]),
        ['visitor with a forged token', 'visitor', () => Promise.resolve({ authorization: forged })],
      ];
      for (const [label, role, headersOf] of callers) {
        const request = await routeCase.request(walk);
        const res = await t.app.inject({
          ...request,
          method,
          headers: { ...request.headers, ...(await headersOf()) },
          remoteAddress: walk.ip(),
        });
        calls += 1;
        const expected = routeCase.expect[role];
        if (res.statusCode !== expected) {
          failures.push(`${key} as ${label}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
        if (expected === 401 && method !== 'HEAD') {
          const code = res.json<{ code?: string }>().code;
          if (code !== 'unauthenticated' && code !== 'invalid_token') failures.push(`${key} as ${label}: 401 with code ${code}`);
        }
        if (expected === 403 && method !== 'HEAD') {
          const body = res.json<{ error?: string }>();
          const wanted = routeCase.expect.member === 403 ? messages.reviewerOnly : serverMessages.notYourAccount;
          if (body.error !== wanted) failures.push(`${key} as ${label}: 403 with "${body.error}", expected "${wanted}"`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBe(registered.length * 5);

    // Refused requests left nothing behind: the owner has exactly what the owner did.
    const ownMentions = await t.app.db.select().from(mentions).where(eq(mentions.userId, owner.userId));
    expect(ownMentions).toHaveLength(1);
    const ownRatings = await t.app.db.select().from(ratings).where(eq(ratings.userId, owner.userId));
    // one first rating (7), and the five films rated 5 for the edit calls, of which the owner's edit made one 9
    expect(ownRatings.map((r) => r.rating).sort((a, b) => a - b)).toEqual([5, 5, 5, 5, 7, 9]);
    const ownClicks = await t.app.db.select().from(watchClicks).where(eq(watchClicks.userId, owner.userId));
    expect(ownClicks).toHaveLength(1);
    // The one film the owner's own PUT saved; the other callers' PUTs and DELETEs saved and removed only theirs.
    const ownWatchlist = await t.app.db.select().from(watchlist).where(eq(watchlist.userId, owner.userId));
    expect(ownWatchlist).toHaveLength(1);
    const ownSubmissions = await t.app.db.select().from(submissions).where(eq(submissions.userId, owner.userId));
    const byStatus = (status: string) => ownSubmissions.filter((s) => s.status === status).length;
    expect([byStatus('approved'), byStatus('rejected')]).toEqual([1, 1]);
    const [ownerRow] = await t.app.db
      .select()
      .from(users)
      .where(and(eq(users.userId, owner.userId), eq(users.username, owner.username)));
    expect(ownerRow).toBeDefined();
  });
});

describe('a reviewer removed from REVIEWERS (ASVS 8.3)', () => {
  it('is refused at the first request after the restart, with the token they already hold', async () => {
    const first = await createTestApp();
    try {
      const rita = await createReviewer(first.app);
      const member = await createMember(first.app);
      expect((await first.app.inject({ url: '/api/films/submissions', headers: rita.auth })).statusCode).toBe(200);

      // The restart: the same database and secret, REVIEWERS without rita.
      await first.app.close();
      const config = loadConfig({
        ...(first.databaseUrl ? { DATABASE_URL: first.databaseUrl } : {}),
        DATA_DIR: first.dataDir,
        PUBLIC_URL: first.config.publicUrl,
        JWT_SECRET: first.config.jwtSecret ?? '',
        SEED_DEMO: 'false',
        REVIEWERS: TEST_REVIEWERS.filter((name) => name !== rita.username)
          .map(reviewerEmail)
          .join(','),
      });
      const second = await buildApp({ config, database: first.database, clock: first.clock });
      try {
        const queue = await second.inject({ url: '/api/films/submissions', headers: rita.auth });
        expect(queue.statusCode).toBe(403);
        expect(queue.json()).toEqual({ error: messages.reviewerOnly, code: 'reviewer_only' });

        const title = unique('Pending film ');
        const submitted = await second.inject({
          method: 'POST',
          url: '/api/films/reviewfilm',
          headers: member.auth,
          payload: { title, release_year: '1999', description: DESCRIPTION },
        });
        expect(submitted.statusCode).toBe(201);
        const add = await second.inject({
          method: 'POST',
          url: '/api/films/addfilm',
          headers: rita.auth,
          payload: { title, release_year: '1999', description: DESCRIPTION, userId: member.userId },
        });
        expect(add.statusCode).toBe(403);
        const reject = await second.inject({
          method: 'POST',
          url: '/api/films/reject',
          headers: rita.auth,
          payload: { title, release_year: '1999', userId: member.userId },
        });
        expect(reject.statusCode).toBe(403);
        const [pending] = await second.db.select().from(submissions).where(eq(submissions.userId, member.userId));
        expect(pending?.status).toBe('pending');

        // Still a member: her session lives on, and it no longer claims the role.
        expect((await second.inject({ method: 'POST', url: '/api/auth/store', headers: rita.auth })).statusCode).toBe(200);
        const refreshed = await second.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh: rita.refreshToken } });
        expect(refreshAnswer.parse(refreshed.json()).user.isReviewer).toBe(false);
        const login = await second.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: { username: rita.username, password: MEMBER_PASSWORD },
        });
        expect(loginAnswer.parse(login.json()).user.isReviewer).toBe(false);
        // Another reviewer is untouched.
        const rex = await createMember(second, { username: 'rex', email: reviewerEmail('rex') });
        expect((await second.inject({ url: '/api/films/submissions', headers: rex.auth })).statusCode).toBe(200);
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
    }
  });
});
