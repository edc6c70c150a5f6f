import { rmSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '@filmlist/shared/api/common';
import type { RateLimitStore } from '../../src/lib/rate-limit-store.js';
import { RATE_LIMITS } from '../../src/plugins/rate-limit.js';
import { MEMBER_PASSWORD, createFilm, createMember, createReviewer, unique } from '../support/factories.js';
import { cspDirectives } from '../support/http.js';
import { createWebRoot } from '../support/web-root.js';
import { openRawConnection, type RawAnswer } from '../support/raw-socket.js';
import { createTestApp, type TestApp, useTestApp } from '../support/test-app.js';

/**
 * ASVS 3.4: every answer, page or API, success or error, carries a content
 * security policy that forbids framing, X-Content-Type-Options: nosniff and a
 * referrer policy. The first three cases are also in app.test.ts; this file
 * walks every kind of answer the server gives.
 */

let t: TestApp;
let broken: TestApp;
let webRoot: string;

/** An outside service (the Redis rate-limit store) failing: the request ends in a 500. */
const failingStore: RateLimitStore = {
  hit: () => Promise.reject(new Error('the rate-limit store is down')),
  peek: () => Promise.reject(new Error('the rate-limit store is down')),
  spendIfRoom: () => Promise.reject(new Error('the rate-limit store is down')),
  refund: () => Promise.reject(new Error('the rate-limit store is down')),
  close: () => Promise.resolve(),
};

beforeAll(async () => {
  webRoot = createWebRoot({ 'assets/index-headers.js': 'console.log("app");\n' });
  [t, broken] = await Promise.all([
    createTestApp({ app: { webRoot }, env: { CORS_ORIGINS: 'https://partner.example' } }),
    createTestApp({ app: { webRoot, rateLimitStore: failingStore } }),
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), broken.close()]);
  rmSync(webRoot, { recursive: true, force: true });
});

interface HeaderCase {
  name: string;
  /** the expected status, so each case proves it reached the answer it names */
  status: number;
  /** a page of the web app: a 404 is the app (which shows its not-found page), not an error body */
  page?: boolean;
  request: () => Promise<InjectOptions & { app?: TestApp }>;
  /** Swagger UI's page needs its own script hashes: only the framing, sniffing and referrer rules are checked there */
  ownScripts?: boolean;
}

function checkHeaders(headers: Record<string, unknown>, ownScripts: boolean): string[] {
  const problems: string[] = [];
  const csp = headers['content-security-policy'];
  if (typeof csp !== 'string') return ['no content-security-policy'];
  const policy = cspDirectives(csp);
  if (policy.get('frame-ancestors') !== "'none'") problems.push(`frame-ancestors is "${policy.get('frame-ancestors')}"`);
  if (policy.get('object-src') !== "'none'") problems.push(`object-src is "${policy.get('object-src')}"`);
  if (policy.get('base-uri') !== "'none'") problems.push(`base-uri is "${policy.get('base-uri')}"`);
  if (!ownScripts) {
    if (policy.get('default-src') !== "'self'") problems.push(`default-src is "${policy.get('default-src')}"`);
    if (policy.get('script-src') !== "'self'") problems.push(`script-src is "${policy.get('script-src')}"`);
    // No third party draws part of a page (decision 014): images from our origin, data: for the icons' masks.
    if (policy.get('img-src') !== "'self' data:") problems.push(`img-src is "${policy.get('img-src')}"`);
  }
  if (/unsafe-inline|unsafe-eval/.test(policy.get('script-src') ?? '')) problems.push('script-src allows inline or eval');
  if (headers['x-content-type-options'] !== 'nosniff')
    problems.push(`x-content-type-options is ${String(headers['x-content-type-options'])}`);
  const referrer = headers['referrer-policy'];
  if (typeof referrer !== 'string' || !/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/.test(referrer)) {
    problems.push(`referrer-policy is ${String(referrer)}`);
  }
  if (headers['x-frame-options'] !== 'DENY') problems.push(`x-frame-options is ${String(headers['x-frame-options'])}`);
  return problems;
}

const json = { 'content-type': 'application/json' };

const CASES: HeaderCase[] = [
  // Pages.
  { name: 'the home page', status: 200, request: async () => ({ url: '/' }) },
  { name: 'the home page, HEAD', status: 200, request: async () => ({ method: 'HEAD', url: '/' }) },
  { name: 'a film page', status: 200, request: async () => ({ url: `/films/${(await createFilm(t.app)).slug}` }) },
  { name: 'the page of a film that does not exist', status: 404, page: true, request: async () => ({ url: '/films/x' }) },
  { name: 'the not-found page of the app', status: 404, page: true, request: async () => ({ url: '/no/such/page' }) },
  { name: 'a built asset', status: 200, request: async () => ({ url: '/assets/index-headers.js' }) },
  { name: 'the API documentation', status: 200, ownScripts: true, request: async () => ({ url: '/api/docs' }) },
  { name: 'a redirect', status: 302, request: async () => ({ url: '/api/docs/static/index.html' }) },
  { name: 'the OpenAPI document', status: 200, request: async () => ({ url: '/api/docs/json' }) },
  { name: 'health', status: 200, request: async () => ({ url: '/healthz' }) },

  // API answers, 2xx and 3xx.
  { name: 'the ranked list', status: 200, request: async () => ({ url: '/api/films/allfilms' }) },
  {
    name: 'the ranked list, not modified',
    status: 304,
    request: async () => {
      const etag = String((await t.app.inject('/api/films/allfilms')).headers.etag);
      return { url: '/api/films/allfilms', headers: { 'if-none-match': etag } };
    },
  },
  {
    name: 'a rating, created',
    status: 201,
    request: async () => {
      const member = await createMember(t.app);
      const film = await createFilm(t.app);
      return {
        method: 'POST',
        url: '/api/ratings/rate',
        headers: member.auth,
        payload: { user_id: member.userId, film_id: film.filmId, rating: 8 },
      };
    },
  },
  {
    name: 'a CORS preflight from an allowed origin',
    status: 204,
    request: async () => ({
      method: 'OPTIONS',
      url: '/api/films/allfilms',
      headers: { origin: 'https://partner.example', 'access-control-request-method': 'GET' },
    }),
  },

  // API answers, 4xx.
  { name: 'a validation error', status: 400, request: async () => ({ method: 'POST', url: '/api/users/login', payload: {} }) },
  {
    name: 'malformed JSON',
    status: 400,
    request: async () => ({ method: 'POST', url: '/api/users/login', headers: json, payload: '{"username": ' }),
  },
  { name: 'a malformed URL', status: 400, request: async () => ({ url: '/api/users/profile/%E0%A4%A' }) },
  { name: 'a URL parameter over the length limit', status: 414, request: async () => ({ url: `/api/users/profile/${'x'.repeat(2100)}` }) },
  { name: 'no credentials', status: 401, request: async () => ({ url: '/api/me/votes' }) },
  {
    name: 'a bad token',
    status: 401,
    request: async () => ({ url: '/api/me/votes', headers: { authorization: 'Bearer not.a.token' } }),
  },
  {
    name: 'a member at a reviewer route',
    status: 403,
    request: async () => ({ url: '/api/films/submissions', headers: (await createMember(t.app)).auth }),
  },
  { name: 'an unknown API path', status: 404, request: async () => ({ url: '/api/nothing/here' }) },
  { name: 'an unknown method', status: 404, request: async () => ({ method: 'PATCH', url: '/api/films/allfilms' }) },
  { name: 'a missing film', status: 404, request: async () => ({ url: '/api/films/filmdetails', query: { slug: 'no-such-film' } }) },
  {
    name: 'a second rating',
    status: 409,
    request: async () => {
      const member = await createMember(t.app);
      const film = await createFilm(t.app);
      const payload = { user_id: member.userId, film_id: film.filmId, rating: 8 };
      await t.app.inject({ method: 'POST', url: '/api/ratings/rate', headers: member.auth, payload });
      return { method: 'POST', url: '/api/ratings/rate', headers: member.auth, payload };
    },
  },
  {
    name: 'a body too large',
    status: 413,
    request: async () => ({
      method: 'POST',
      url: '/api/users/login',
      headers: json,
      payload: JSON.stringify({ username: 'x'.repeat(70_000) }),
    }),
  },
  {
    name: 'another media type',
    status: 415,
    request: async () => ({ method: 'POST', url: '/api/users/login', headers: { 'content-type': 'text/xml' }, payload: '<login/>' }),
  },
  {
    name: 'too many requests',
    status: 429,
    request: async () => {
      for (let i = 0; i < RATE_LIMITS.check.ip.limit; i += 1) {
        await t.app.inject({ method: 'POST', url: '/api/users/check', payload: { username: `h${i}` }, remoteAddress: '10.70.0.1' });
      }
      return { method: 'POST', url: '/api/users/check', payload: { username: 'last' }, remoteAddress: '10.70.0.1' };
    },
  },

  // Error answers.
  {
    name: 'an internal error',
    status: 500,
    request: async () => ({ app: broken, method: 'POST', url: '/api/users/check', payload: { username: 'someone' } }),
  },
  {
    name: 'an internal error on a reviewer route',
    status: 500,
    request: async () => ({
      app: broken,
      method: 'POST',
      url: '/api/films/reject',
      headers: (await createReviewer(broken.app)).auth,
      payload: { title: 'x', release_year: '2000', userId: 1 },
    }),
  },
];

describe('security headers on every kind of answer (ASVS 3.4)', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, headerCase) => {
    const { app = t, ...request } = await headerCase.request();
    const res = await app.app.inject(request);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(headerCase.status);
    expect(checkHeaders(res.headers, headerCase.ownScripts ?? false)).toEqual([]);
    if (headerCase.page) expect(res.headers['content-type']).toMatch(/^text\/html/);
    else if (res.statusCode >= 400 && request.method !== 'HEAD') {
      // Errors keep their one shape too, whoever answered them.
      expect(errorBody.safeParse(res.json()).success, res.body).toBe(true);
    }
  });
});

/**
 * Answers that Node or Fastify give on the socket, outside the routes: a request
 * Node cannot parse, headers over the size limit, a request that took too long,
 * and a request that arrives while the process shuts down.
 */
describe('security headers on answers given outside the routes, over a real socket', () => {
  const timeouts = { headersMs: 1_000, requestMs: 1_500, idleMs: 10_000, checkEveryMs: 100 };
  const listening = useTestApp({ app: { timeouts } });
  let port: number;

  beforeAll(async () => {
    await listening.app.listen({ port: 0, host: '127.0.0.1' });
    const address = listening.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });

  async function exchange(text: string): Promise<RawAnswer> {
    const connection = await openRawConnection(port);
    connection.write(text);
    const { answers } = await connection.closed(10_000);
    expect(answers).toHaveLength(1);
    return answers[0] ?? { status: 0, headers: {}, body: '' };
  }

  function expectOurAnswer(answer: RawAnswer, status: number, code: string): void {
    expect(answer.status).toBe(status);
    expect(checkHeaders(answer.headers, false)).toEqual([]);
    expect(errorBody.parse(JSON.parse(answer.body)).code).toBe(code);
  }

  it('400 for a request line Node cannot parse', async () => {
    expectOurAnswer(await exchange('GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n'), 400, 'invalid_request');
  });

  it('431 for headers over the size limit', async () => {
    expectOurAnswer(await exchange(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`), 431, 'headers_too_large');
  });

  it('408 for a body that arrives a byte at a time, within seconds of the request limit', async () => {
    const connection = await openRawConnection(port);
    connection.write('POST /api/users/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
    const drip = setInterval(() => connection.write(' '), 200);
    const { answers, ms } = await connection.closed(10_000);
    clearInterval(drip);
    expect(answers).toHaveLength(1);
    expectOurAnswer(answers[0] ?? { status: 0, headers: {}, body: '' }, 408, 'request_timeout');
    expect(ms).toBeLessThan(timeouts.requestMs + 3 * timeouts.checkEveryMs + 1_000);
  });

  it('408 for headers that never finish', async () => {
    const connection = await openRawConnection(port);
    connection.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    const drip = setInterval(() => connection.write('X-Slow: 1\r\n'), 200);
    const { answers } = await connection.closed(10_000);
    clearInterval(drip);
    expectOurAnswer(answers[0] ?? { status: 0, headers: {}, body: '' }, 408, 'request_timeout');
  });

  it('503 with the usual headers for a request that arrives while the process shuts down', async () => {
    const app = await createTestApp();
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.app.server.address();
    const connection = await openRawConnection(typeof address === 'object' && address ? address.port : 0);
    // The first request is still sending its body when closing starts, so its connection stays open;
    // the second, pipelined behind it, arrives during the shutdown.
    const body = JSON.stringify({ username: 'someone' });
    connection.write(
      `POST /api/users/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = app.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    connection.write(`${body.slice(5)}GET /api/films/allfilms HTTP/1.1\r\nHost: x\r\n\r\n`);
    const { answers } = await connection.closed(10_000);
    await closing;
    expect(answers.map((a) => a.status)).toEqual([200, 503]);
    const shutdown = answers[1] ?? { status: 0, headers: {}, body: '' };
    expectOurAnswer(shutdown, 503, 'unavailable');
    expect(shutdown.headers['retry-after']).toBeDefined();
  });
});

/**
 * ASVS 14.3.2: an answer that depends on who asks, or carries a token, is never
 * stored by a browser or a proxy. One that varies by identity and may be
 * cached says so with Vary.
 */
describe('Cache-Control on private answers (ASVS 14.3.2)', () => {
  it.each([
    [
      'the owner’s profile, with the email',
      async () => {
        const member = await createMember(t.app);
        return t.app.inject({ url: `/api/users/profile/${member.username}`, headers: member.auth });
      },
    ],
    ['the member’s own votes', async () => t.app.inject({ url: '/api/me/votes', headers: (await createMember(t.app)).auth })],
    [
      'a login, with tokens',
      async () => {
        const member = await createMember(t.app);
        return t.app.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: { username: member.username, password: MEMBER_PASSWORD },
          remoteAddress: '10.71.0.1',
        });
      },
    ],
    [
      'a refresh, with tokens',
      async () => {
        const member = await createMember(t.app);
        return t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh: member.refreshToken } });
      },
    ],
    [
      'a rating check',
      async () => {
        const member = await createMember(t.app);
        const film = await createFilm(t.app);
        return t.app.inject({
          url: '/api/ratings/checkrating',
          query: { user_id: String(member.userId), film_id: String(film.filmId) },
          headers: member.auth,
        });
      },
    ],
    [
      'a profile change',
      async () => {
        const member = await createMember(t.app);
        return t.app.inject({
          method: 'PUT',
          url: `/api/users/profile/${member.userId}`,
          headers: member.auth,
          payload: { username: unique('nostore') },
        });
      },
    ],
  ])('%s is sent with no-store', async (_name, send) => {
    const res = await send();
    expect(res.statusCode).toBeLessThan(300);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a visitor’s view of a profile chooses no public policy, so it is no-store too, and varies by Authorization', async () => {
    const member = await createMember(t.app);
    const res = await t.app.inject({ url: `/api/users/profile/${member.username}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(String(res.headers.vary)).toMatch(/Authorization/i);
  });

  it('the public ranked list may be kept by shared caches for seconds, with a weak ETag (decision 013)', async () => {
    const res = await t.app.inject({ url: '/api/films/allfilms' });
    expect(res.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d, stale-while-revalidate=\d+, stale-if-error=\d+$/);
    expect(res.headers.etag).toMatch(/^W\//);
  });
});
