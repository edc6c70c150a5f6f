import { rmSync } from 'node:fs';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_POLICIES, type CachePolicy } from '../../src/lib/http-cache.js';
import { cardPath } from '../../src/modules/cards/card-store.js';
import { generatedPosterUrl } from '../../src/modules/posters/address.js';
import type { FilmRow } from '../../src/modules/films/presenter.js';
import { createFilm, createMember, type TestMember } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createWebRoot } from '../support/web-root.js';
import { openStream } from '../support/event-stream.js';
import { call, freshClientAddress } from '../support/http.js';

/**
 * What a shared cache (a CDN, nginx) may keep, route by route (decision 013).
 * Every route Fastify registers is called over real HTTP, on a listening
 * server, with CORS on, from an allowed origin, another origin and no origin:
 * its Vary must name exactly the request headers its answer depends on, each
 * once, added to and never replaced, the same set each time, so a cache never
 * hands one origin's, encoding's or member's answer to another. A route the
 * table below does not know is expected to depend on Origin alone, and on
 * Authorization too when a scoped guard serves it to members or reviewers.
 */

const PARTNER = 'https://partner.example';

interface Walk {
  film: FilmRow;
  member: TestMember;
}

type Caching = CachePolicy | 'immutable' | 'hour' | 'no-store' | 'stream';

/** A request of the walk: its path and query, and whether its answer is an endless stream (taken as it starts). */
interface WalkRequest {
  path: string;
  stream?: boolean;
}

interface RouteCase {
  /** request headers besides Origin that the answer depends on */
  vary: string[];
  /** who may keep the answer: a public policy of lib/http-cache.ts, or no-store */
  cache: Caching;
  request(walk: Walk): WalkRequest;
}

const encoded = { vary: ['Accept-Encoding'] };
const page = { ...encoded, cache: 'live' } as const;
const ROUTES: Record<string, RouteCase> = {
  'GET /api/films/allfilms': { ...encoded, cache: 'live', request: () => ({ path: '/api/films/allfilms' }) },
  'GET /api/films/filmdetails': {
    vary: [],
    cache: 'live',
    request: (w) => ({ path: `/api/films/filmdetails?slug=${encodeURIComponent(w.film.slug)}` }),
  },
  'GET /api/films/standing': {
    vary: [],
    cache: 'live',
    request: (w) => ({ path: `/api/films/standing?slug=${encodeURIComponent(w.film.slug)}` }),
  },
  'GET /feed.xml': { vary: [], cache: 'documents', request: () => ({ path: '/feed.xml' }) },
  'GET /sitemap.xml': { vary: [], cache: 'documents', request: () => ({ path: '/sitemap.xml' }) },
  'GET /robots.txt': { vary: [], cache: 'robots', request: () => ({ path: '/robots.txt' }) },
  'GET /': { ...page, request: () => ({ path: '/' }) },
  'GET /index.html': { ...page, request: () => ({ path: '/index.html' }) },
  'GET /dashboard': { ...page, request: () => ({ path: '/dashboard' }) },
  'GET /films/:slug': { vary: [], cache: 'live', request: (w) => ({ path: `/films/${w.film.slug}` }) },
  'GET /films/private/:slug': { vary: [], cache: 'live', request: (w) => ({ path: `/films/private/${w.film.slug}` }) },
  'GET /assets/index-vary.js': { ...encoded, cache: 'immutable', request: () => ({ path: '/assets/index-vary.js' }) },
  'GET /favicon.svg': { ...encoded, cache: 'hour', request: () => ({ path: '/favicon.svg' }) },
  'GET /cards/:card': { vary: [], cache: 'immutable', request: (w) => ({ path: cardPath(w.film) }) },
  'GET /posters/:file': { vary: [], cache: 'immutable', request: (w) => ({ path: generatedPosterUrl(w.film) }) },
  // A visitor's view of a profile differs from its owner's.
  'GET /api/users/profile/:username': {
    vary: ['Authorization'],
    cache: 'no-store',
    request: (w) => ({ path: `/api/users/profile/${w.member.username}` }),
  },
  'GET /api/films/new': { vary: ['Authorization'], cache: 'live', request: () => ({ path: '/api/films/new' }) },
  // The live list: never kept, nor recompressed; an endless stream, so its answer is taken as it starts.
  'GET /api/films/events': { vary: [], cache: 'stream', request: () => ({ path: '/api/films/events', stream: true }) },
  'POST /api/auth/logout': { vary: ['Authorization'], cache: 'no-store', request: () => ({ path: '/api/auth/logout' }) },
};

const policyText = (p: (typeof CACHE_POLICIES)[CachePolicy]) =>
  `public, max-age=${p.maxAge}, s-maxage=${p.sMaxAge}, stale-while-revalidate=${p.staleWhileRevalidate}, stale-if-error=${p.staleIfError}`;
const CACHE_CONTROL: Record<Caching, string> = {
  live: policyText(CACHE_POLICIES.live),
  documents: policyText(CACHE_POLICIES.documents),
  robots: policyText(CACHE_POLICIES.robots),
  immutable: 'public, max-age=31536000, immutable',
  hour: 'public, max-age=3600',
  'no-store': 'no-store',
  stream: 'no-store, no-transform',
};

/** A request for a route the table does not know: its parameters filled in, no body, no credentials. */
function genericRequest(path: string): WalkRequest {
  return { path: path.replace(/:[a-z_]+/g, '1').replace('*', 'x') };
}

let t: TestApp;
let plain: TestApp;
let base: string;
let plainBase: string;
let webRoot: string;
const registered: string[] = [];
/** Each route's options as registered: a scoped guard marks config.access once the route is in its scope. */
const routeOptions = new Map<string, RouteOptions>();
/** Served by a scoped guard to members or reviewers only: the answer depends on the bearer token. */
const guarded = (key: string) => ['member', 'reviewer'].includes(String(routeOptions.get(key)?.config?.access));

beforeAll(async () => {
  webRoot = createWebRoot({ 'assets/index-vary.js': 'console.log("app");\n', 'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>' });
  const onRoute = (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      registered.push(`${method} ${route.url}`);
      routeOptions.set(`${method} ${route.url}`, route);
    }
  };
  [t, plain] = await Promise.all([
    createTestApp({ app: { webRoot, onRoute }, env: { CORS_ORIGINS: PARTNER } }),
    createTestApp({ app: { webRoot } }),
  ]);
  [base, plainBase] = await Promise.all([t.app.listen({ port: 0, host: '127.0.0.1' }), plain.app.listen({ port: 0, host: '127.0.0.1' })]);
});
afterAll(async () => {
  await Promise.all([t.close(), plain.close()]);
  rmSync(webRoot, { recursive: true, force: true });
});

/** The names in a Vary header, in order, as written. */
function varyOf(headers: Record<string, unknown>): string[] {
  const value = headers.vary;
  const text = typeof value === 'string' ? value : Array.isArray(value) ? value.join(',') : '';
  return text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'] as const;

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

/** One request over a connection of its own from a fresh client address; a stream's answer is taken as it starts. */
async function send(request: WalkRequest, method: (typeof METHODS)[number], headers: Record<string, string> = {}): Promise<Answer> {
  const from = freshClientAddress();
  if (request.stream && method === 'GET') {
    const opened = await openStream(base, request.path, { headers, from });
    opened.close();
    return { status: opened.status, headers: opened.headers, body: opened.body };
  }
  const answer = await call(base, request.path, { method, headers, from });
  return { status: answer.status, headers: answer.headers, body: answer.text };
}

const lower = (names: string[]) => names.map((name) => name.toLowerCase()).sort();

describe('Vary and Cache-Control on every route, with CORS_ORIGINS set', () => {
  it('name exactly what each answer depends on and who may keep it, with and without an Origin', async () => {
    const walk: Walk = { film: await createFilm(t.app), member: await createMember(t.app) };
    const failures: string[] = [];
    for (const key of registered) {
      const [name = 'GET', path = '/'] = key.split(' ');
      const method = METHODS.find((m) => m === name);
      if (!method) continue; // OPTIONS: the preflight has a case of its own
      const known = ROUTES[key] ?? ROUTES[`GET ${path}`];
      const expected = lower(['Origin', ...(known?.vary ?? []), ...(guarded(key) ? ['Authorization'] : [])]);
      const cache = CACHE_CONTROL[known?.cache ?? 'no-store'];
      const request = known ? known.request(walk) : genericRequest(path);
      for (const origin of [PARTNER, 'https://elsewhere.example', undefined]) {
        const res = await send(request, method, { 'accept-encoding': 'br, gzip', ...(origin ? { origin } : {}) });
        const where = `${key} (${res.status}, origin ${origin ?? 'none'})`;
        const vary = varyOf(res.headers);
        if (JSON.stringify(lower(vary)) !== JSON.stringify(expected)) {
          failures.push(`${where}: Vary ${JSON.stringify(vary)}, expected ${expected.join(', ')}`);
        }
        if (new Set(lower(vary)).size !== vary.length) failures.push(`${where}: Vary names a header twice: ${vary.join(', ')}`);
        const allowed = res.headers['access-control-allow-origin'];
        if (allowed !== (origin === PARTNER ? PARTNER : undefined)) failures.push(`${where}: allow-origin ${String(allowed)}`);
        // Errors are never kept, whatever the route's policy.
        const wanted = res.status >= 400 ? 'no-store' : cache;
        if (res.headers['cache-control'] !== wanted)
          failures.push(`${where}: Cache-Control ${String(res.headers['cache-control'])}, expected ${wanted}`);
      }
      // With a member's token: an answer that may be kept is the same as a visitor's, so it cannot depend on the bearer.
      const visitor = await send(request, method);
      const member = await createMember(t.app);
      const res = await send(request, method, member.auth);
      if (!/\bno-store\b/.test(String(res.headers['cache-control'])) && (res.body !== visitor.body || res.status !== visitor.status)) {
        failures.push(
          `${key}: a member's answer (${res.status}) may be kept (${String(res.headers['cache-control'])}) but differs from a visitor's`,
        );
      }
    }
    expect(failures).toEqual([]);
    // Every route the table knows was reached.
    for (const key of Object.keys(ROUTES)) expect(registered, key).toContain(key);
  });

  it('a CORS preflight from the allowed origin says it varies by Origin too', async () => {
    const res = await call(base, '/api/films/allfilms', {
      method: 'OPTIONS',
      from: freshClientAddress(),
      headers: { origin: PARTNER, 'access-control-request-method': 'GET' },
    });
    expect(res.status).toBe(204);
    expect(lower(varyOf(res.headers))).toEqual(['origin']);
  });

  it('without CORS_ORIGINS no answer varies by Origin', async () => {
    const film = await createFilm(plain.app);
    for (const url of ['/api/films/allfilms', '/', `/films/${film.slug}`, '/assets/index-vary.js', '/healthz']) {
      const res = await call(plainBase, url, { from: freshClientAddress(), headers: { origin: PARTNER, 'accept-encoding': 'gzip' } });
      expect(lower(varyOf(res.headers)), url).not.toContain('origin');
      expect(res.headers['access-control-allow-origin'], url).toBeUndefined();
    }
  });
});
