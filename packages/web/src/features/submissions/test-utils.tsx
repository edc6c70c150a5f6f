import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { messages } from '@filmlist/shared/messages';
import { vi } from 'vitest';
import type { PublicUser } from '@filmlist/shared/api/users';
import { AuthProvider } from '../../lib/auth';
import { Router, Routes } from '../../lib/router';
import { writeSession } from '../../lib/session-storage';

/** A JSON answer as the server sends it. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | null;
}

type Handler = (call: Call) => Response | Promise<Response> | undefined;

/** Answers fetch with `handler`; anything it leaves alone gets a 404. Returns the calls made, in order. */
export function mockApi(handler: Handler): Call[] {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    const headers = new Headers(init?.headers);
    const text = typeof init?.body === 'string' ? init.body : null;
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: text === null ? undefined : JSON.parse(text),
      authorization: headers.get('authorization'),
    };
    calls.push(call);
    return (await handler(call)) ?? json(404, { error: messages.apiNotFound, code: 'not_found' });
  });
  return calls;
}

/** The calls to one path, leaving out the session refresh a page load makes. */
export const callsTo = (calls: Call[], path: string): Call[] => calls.filter((call) => call.path === path);

/** A stored session, as after logging in. */
export function signIn(user: Partial<PublicUser> = {}): void {
  writeSession({
    accessToken: 'access-token',
    accessTokenExpiration: Date.now() + 15 * 60 * 1000,
    refreshToken: 'refresh-token',
    user: { user_id: 1, username: 'rita', verified: true, isReviewer: true, ...user },
  });
}

/** Renders `element` as the route `routePath` at the address `path`. */
export function renderRoute(path: string, routePath: string, element: ReactNode) {
  window.history.replaceState(null, '', path);
  return render(
    <Router>
      <AuthProvider>
        <Routes routes={[{ path: routePath, element }]} />
      </AuthProvider>
    </Router>,
  );
}

/** A promise to settle by hand, to see a form while it works. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
