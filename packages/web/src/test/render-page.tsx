import { render, type RenderResult } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { PublicUser } from '@filmlist/shared/api/users';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../lib/query-client';
import { Routes, useLocation } from '../lib/router';
import { writeSession } from '../lib/session-storage';
import { ACCESS_TOKEN } from './fake-api';

export const member: PublicUser = { user_id: 7, username: 'maria', email: 'maria@example.com', verified: true };

/** A stored session, as after a login; the page load then refreshes it (a default answer of the fake API). */
export function signIn(user: Partial<PublicUser> = {}): void {
  writeSession({
    accessToken: ACCESS_TOKEN,
    accessTokenExpiration: Date.now() + 900_000,
    refreshToken: 'refresh-1',
    user: { ...member, ...user },
  });
}

function CurrentPath() {
  const { pathname } = useLocation();
  return <div data-testid="location">{pathname}</div>;
}

export interface PageOptions {
  /** the address; '/' unless given */
  path?: string;
  /** the route pattern the page is mounted at, for :params; the path itself unless given */
  route?: string;
  /** navigation state, as a Link passes it */
  state?: unknown;
  /** the cache of server state, when the test puts something in it first; a fresh one unless given */
  client?: QueryClient;
}

/**
 * Renders a page as the app does (a fresh cache of server state, the router,
 * the session), at `path`, with the current path shown as data-testid="location".
 */
export function renderPage(
  element: ReactNode,
  { path = '/', route = path, state = null, client = createQueryClient() }: PageOptions = {},
): RenderResult {
  window.history.replaceState(state, '', path);
  return render(
    <AppProviders client={client}>
      <Routes
        routes={[
          { path: route, element },
          { path: '*', element: null },
        ]}
      />
      <CurrentPath />
    </AppProviders>,
  );
}
