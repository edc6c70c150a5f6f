import { http, HttpResponse, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { readSession } from '../lib/session-storage';
import { standing } from './factories';

/** One request the page sent, as the fake API saw it. */
export interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  /** the parsed JSON body; undefined when there is none */
  body: unknown;
  /** the Authorization header */
  auth: string | null;
}

/** "METHOD /path"; the path may have :params, as in MSW. */
export type RouteKey = `${'GET' | 'POST' | 'PUT' | 'DELETE'} /${string}`;
export type Answer = (call: Call) => Response | Promise<Response>;

const calls: Call[] = [];

/** Every request of the current test, in order (emptied after each test). */
export const recordedCalls = (): Call[] => calls;
export function forgetCalls(): void {
  calls.length = 0;
}

async function callOf(request: Request): Promise<Call> {
  const url = new URL(request.url);
  const text = await request.text();
  return {
    method: request.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    body: text ? JSON.parse(text) : undefined,
    auth: request.headers.get('authorization'),
  };
}

const methods = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete };

/** An MSW handler for `key` that records each call, then answers it. */
export function route(key: string, answer: Answer): HttpHandler {
  const [method, path] = key.split(' ');
  const verb = methods[method === 'POST' || method === 'PUT' || method === 'DELETE' ? method : 'GET'];
  return verb(path ?? '/', async ({ request }) => {
    const call = await callOf(request);
    calls.push(call);
    return answer(call);
  });
}

/** A JSON answer as the server sends it. */
export const json = (body: unknown, status = 200, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** The request fails as it does when the network is down. */
export const networkError = (): Response => HttpResponse.error();

/** The calls to one path. */
export const callsTo = (list: readonly Call[], path: string): Call[] => list.filter((call) => call.path === path);

/** The bodies sent to "METHOD /path". */
export const sentTo = (list: readonly Call[], key: RouteKey): unknown[] =>
  list.filter((call) => `${call.method} ${call.path}` === key).map((call) => call.body);

/** A promise to settle by hand, to see a page while a request is under way. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The token signIn stores; the fake refresh hands it out again, so a request always carries it. */
export const ACCESS_TOKEN = 'access-token';

/**
 * What any page load may ask without the test saying so: a signed-in load
 * refreshes the session (answered for the user it holds), logging out, and a
 * film page's standing (nobody has answered yet).
 */
const defaultHandlers = [
  route('POST /api/auth/refresh', () => {
    const session = readSession();
    if (!session?.user) return json({ error: 'Not signed in', code: 'invalid_refresh' }, 401);
    return json({
      newAccessToken: ACCESS_TOKEN,
      newRefreshToken: 'refresh-2',
      newAccessTokenExpiration: Date.now() + 900_000,
      user: session.user,
    });
  }),
  route('POST /api/auth/logout', () => json({ message: 'Logged out' })),
  route('GET /api/films/standing', (call) => json({ standing: standing(call.query.slug ?? '') })),
];

/** The one fake API of the web tests, started in setup.ts. */
export const server = setupServer(...defaultHandlers);

/**
 * Answers these routes for the rest of the test, ahead of the default ones.
 * Any request that no route answers fails the test.
 */
export function mockApi(routes: Partial<Record<RouteKey, Answer>>): { calls: Call[] } {
  const handlers: HttpHandler[] = [];
  for (const [key, answer] of Object.entries(routes)) if (answer) handlers.push(route(key, answer));
  server.use(...handlers);
  return { calls };
}
