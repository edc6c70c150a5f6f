import { http, HttpResponse, sse, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { lookupMessages } from '@filmlist/shared/api/lookup';
import { messages } from '@filmlist/shared/messages';
import { readSession } from '../lib/session-storage';
import { filmEntries, lookupCandidates, mySubmission, standingDetail } from './factories';

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
export type RouteKey = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`;
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

const methods = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete };

/** An MSW handler for `key` that records each call, then answers it. */
export function route(key: string, answer: Answer): HttpHandler {
  const [method, path] = key.split(' ');
  const verb = methods[method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE' ? method : 'GET'];
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
 * The film database lookup as the server answers it: candidates whose title contains the query
 * (case-insensitive), of the year when given. A test answers `{ available: false, results: [] }`
 * itself to see the form go on by hand.
 */
function lookup(call: Call): Response {
  const query = (call.query.query ?? '').trim().toLowerCase();
  if (!query)
    return json({ error: lookupMessages.queryRequired, code: 'validation_failed', fields: { query: lookupMessages.queryRequired } }, 400);
  const year = call.query.year ? Number(call.query.year) : null;
  const results = lookupCandidates.filter((c) => c.title.toLowerCase().includes(query) && (year === null || c.release_year === year));
  return json({ available: true, results });
}

/**
 * What any page load may ask without the test saying so: a signed-in load
 * refreshes the session (answered for the user it holds), logging out, a
 * film page's standing (nobody has answered yet), the film database lookup
 * (lookupCandidates), a change of whether a submission's note names its member,
 * a film database entry as a reviewer checks a link (filmEntries), the list's shelf of new films
 * and a member's watchlist (both empty).
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
  route('GET /api/films/standing', (call) => json({ standing: standingDetail(call.query.slug ?? '') })),
  route('GET /api/films/lookup', lookup),
  route('GET /api/films/entry', (call) => {
    const entry = filmEntries.find((e) => String(e.tmdb_id) === call.query.tmdb_id) ?? null;
    return json({ available: true, entry });
  }),
  route('PATCH /api/me/submissions/:submission_id', (call) => {
    const id = Number(call.path.split('/').pop());
    const named = typeof call.body === 'object' && call.body !== null && 'note_named' in call.body ? call.body.note_named : undefined;
    if (typeof named !== 'boolean') return json({ error: messages.noteNamedInvalid, code: 'validation_failed' }, 400);
    return json({ message: messages.noteNamedUpdated, submission: mySubmission(id, 'A submitted film', { note_named: named }) });
  }),
  // The list's shelf of new films (none unless a test says), and a member's watchlist (empty unless a test says).
  route('GET /api/films/new', () => json({ films: [], all_answered: false })),
  route('GET /api/me/watchlist', () => json({ films: [], ranked_films: 0 })),
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

/** The live list's stream as the fake API serves it: what the page opened, and versions to announce. */
export interface FakeLiveList {
  /** streams opened so far, and the Last-Event-ID each sent */
  opened: (string | null)[];
  /** streams open now */
  open(): number;
  /** announces a version of the list on every open stream, as the server does */
  announce(version: string): void;
}

/**
 * Serves GET /api/films/events (docs/product.md §Live list) with MSW's
 * event-stream handler; the page's EventSource must be one that fetches
 * (the eventsource package, as jsdom has none).
 */
export function mockLiveList(): FakeLiveList {
  const clients = new Set<{ send(message: { event: 'list'; id: string; data: string }): void }>();
  const opened: (string | null)[] = [];
  server.use(
    sse<{ list: string }>('/api/films/events', ({ client, request }) => {
      opened.push(request.headers.get('last-event-id'));
      clients.add(client);
      request.signal.addEventListener('abort', () => clients.delete(client));
    }),
  );
  return {
    opened,
    open: () => clients.size,
    announce: (version) => {
      for (const client of clients) client.send({ event: 'list', id: version, data: version });
    },
  };
}
