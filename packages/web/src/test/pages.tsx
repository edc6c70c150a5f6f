import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi, type MockInstance } from 'vitest';
import type { PublicUser } from '@filmlist/shared/api/users';
import { AuthProvider } from '../lib/auth';
import { Router, Routes, useLocation } from '../lib/router';
import { writeSession } from '../lib/session-storage';

/** A JSON answer as the server sends it. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export type FakeRoute = (body: unknown, url: URL) => Response | Promise<Response>;

/**
 * Answers fetch by "METHOD /path"; anything else fails like a network error.
 * Returns the spy, whose calls show what was sent.
 */
export function fakeApi(routes: Record<string, FakeRoute>): MockInstance<typeof fetch> {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const route = routes[key];
    if (!route) throw new TypeError(`fetch failed: no fake for ${key}`);
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    return route(body, url);
  });
}

/** The bodies sent to "METHOD /path". */
export function sentTo(spy: MockInstance<typeof fetch>, key: string): unknown[] {
  return spy.mock.calls
    .filter(([input, init]) => {
      const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
      return `${init?.method ?? 'GET'} ${url.pathname}` === key;
    })
    .map(([, init]): unknown => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
}

export const member: PublicUser = { user_id: 7, username: 'maria', email: 'maria@example.com', verified: true };

/** A stored session, as after a login; the page load then refreshes it (fake POST /api/auth/refresh). */
export function signIn(user: PublicUser = member): void {
  writeSession({ accessToken: 'access-1', accessTokenExpiration: Date.now() + 900_000, refreshToken: 'refresh-1', user });
}

/** The answer to the refresh a signed-in page load makes. */
export const refreshed = (user: PublicUser = member): FakeRoute => () =>
  json({ newAccessToken: 'access-2', newRefreshToken: 'refresh-2', newAccessTokenExpiration: Date.now() + 900_000, user });

function CurrentPath() {
  const { pathname } = useLocation();
  return <div data-testid="location">{pathname}</div>;
}

/** Renders a page at `path` (matched by `pattern` for :params), with the router and auth, plus the current path. */
export function renderPage(element: ReactNode, path: string, options: { pattern?: string; state?: unknown } = {}): RenderResult {
  const pattern = options.pattern ?? path;
  window.history.replaceState(options.state ?? null, '', path);
  return render(
    <Router>
      <AuthProvider>
        <Routes routes={[{ path: pattern, element }, { path: '*', element: null }]} />
        <CurrentPath />
      </AuthProvider>
    </Router>,
  );
}
