import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { messages } from '@filmlist/shared/messages';
import { vi } from 'vitest';
import type { Film } from '@filmlist/shared/api/films';
import { AuthProvider } from '../../lib/auth';
import { Router } from '../../lib/router';
import { writeSession } from '../../lib/session-storage';

export const film = (film_id: number, title: string, release_year: number, watch_link: string | null = null): Film => ({
  film_id,
  title,
  release_year,
  description: `A logline for ${title}.`,
  watch_link,
  slug: `${title.toLowerCase().replace(/\s+/g, '-')}-${release_year}`,
  score: 0,
});

export const member = { user_id: 7, username: 'amy', verified: true };

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  auth: string | null;
}

/** Answers fetch by "METHOD /path"; every call is recorded. Unknown calls get 404. */
export function mockApi(handlers: Record<string, (call: Call) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>>) {
  const calls: Call[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    const call: Call = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
      auth: headers.get('authorization'),
    };
    calls.push(call);
    if (method === 'POST' && url.pathname === '/api/auth/refresh') {
      return json({ newAccessToken: 'access-2', newRefreshToken: 'refresh-2', newAccessTokenExpiration: Date.now() + 900_000, user: member });
    }
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) return json({ error: messages.apiNotFound, code: 'not_found' }, 404);
    const answer = await handler(call);
    return json(answer.body, answer.status ?? 200);
  });
  return { calls, spy };
}

export function signIn(): void {
  writeSession({ accessToken: 'access-1', accessTokenExpiration: Date.now() + 900_000, refreshToken: 'refresh-1', user: member });
}

export function renderPage(page: ReactNode) {
  return render(
    <Router>
      <AuthProvider>{page}</AuthProvider>
    </Router>,
  );
}
