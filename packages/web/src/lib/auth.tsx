import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { LoginAnswer, PublicUser } from '@filmlist/shared/api/users';
import { REFRESHING_PAGE_MAX_MS, TOKEN_CHECK_INTERVAL_MS } from '@filmlist/shared/constants';
import { ApiError, api, setUnauthorizedHandler } from './api-client';
import { messageDecoder, refreshAnswerDecoder } from './decoders';
import { clearSession, readSession, subscribeSession, writeSession } from './session-storage';

/** The auth state: token, isAuthenticated and user (docs/product.md §Sessions and tokens). */
export interface AuthContextValue {
  token: string | null;
  isAuthenticated: boolean;
  user: PublicUser | null;
  /** true while a stored session is restored on first load (at most 1 s) */
  restoring: boolean;
  login: (answer: LoginAnswer) => void;
  logout: () => Promise<void>;
  setUser: (user: PublicUser) => void;
}

/** Whether a stored session is being restored; the session itself is read from the store (session-storage.ts). */
const RestoringContext = createContext<boolean | null>(null);

let refreshing: Promise<boolean> | null = null;

/**
 * What the server said when it refused this page's stored session (an expired or revoked refresh token),
 * and whose it was, until the next login: Login, where the member is then sent, says why and offers their
 * name again (docs/product.md §Sessions and tokens). A logout says nothing.
 */
export interface EndedSession {
  message: string;
  username: string | null;
}
let ended: EndedSession | null = null;
export const sessionEnded = (): EndedSession | null => ended;

async function exchange(): Promise<boolean> {
  const before = readSession();
  if (!before) return false;
  try {
    const answer = await api('/api/auth/refresh', { method: 'POST', body: { refresh: before.refreshToken }, schema: refreshAnswerDecoder });
    writeSession({
      accessToken: answer.newAccessToken,
      accessTokenExpiration: answer.newAccessTokenExpiration,
      refreshToken: answer.newRefreshToken,
      user: answer.user,
    });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      // Another tab may have rotated the token meanwhile; its session is ours too.
      const now = readSession();
      if (now && now.refreshToken !== before.refreshToken) return true;
      ended = { message: error.message, username: before.user?.username ?? null };
      clearSession();
      return false;
    }
    // Offline or a server hiccup: keep the session and try again later.
    return readSession() !== null;
  }
}

/**
 * One refresh at a time across the page and, where the browser has Web Locks,
 * across tabs: a second tab finds the token already rotated instead of
 * presenting the old one, which the server would treat as reuse.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const snapshot = readSession()?.refreshToken;
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    const run = async () => {
      const current = readSession();
      if (current && current.refreshToken !== snapshot && current.accessTokenExpiration > Date.now()) return true;
      return exchange();
    };
    return locks ? locks.request('filmlist-refresh', run) : run();
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Stores a login's session: every tab and component reading the session sees it. */
function login(answer: LoginAnswer): void {
  ended = null;
  writeSession({
    accessToken: answer.accessToken,
    accessTokenExpiration: answer.accessTokenExpiration,
    refreshToken: answer.refreshToken,
    user: answer.user,
  });
}

/** Ends the session here at once, then on the server (POST /api/auth/logout, through the API client like every call). */
async function logout(): Promise<void> {
  const current = readSession();
  clearSession();
  if (!current) return;
  // The refresh token names the session, whether or not the access token is still good.
  await api('/api/auth/logout', { method: 'POST', body: { refresh: current.refreshToken }, schema: messageDecoder }).catch(() => {
    // Signed out here already; the server's session expires on its own.
  });
}

/** The member as the server now describes them (after a profile change), kept with the session. */
function setUser(user: PublicUser): void {
  const current = readSession();
  if (current) writeSession({ ...current, user });
}

/**
 * Keeps the stored session alive: restores it on page load, refreshes an
 * expired access token, and retries a refused bearer call once. It holds no
 * copy of the session.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [restoring, setRestoring] = useState(() => readSession() !== null);

  // A page load by a signed-in member refreshes the session (docs/product.md §Sessions and tokens); the
  // "Refreshing page..." state lasts until then, and at most 1 second.
  useEffect(() => {
    if (!readSession()) return;
    const cap = window.setTimeout(() => setRestoring(false), REFRESHING_PAGE_MAX_MS);
    void refreshSession().then(() => {
      window.clearTimeout(cap);
      setRestoring(false);
    });
    return () => window.clearTimeout(cap);
  }, []);

  // Every 30 minutes, an expired access token is refreshed; a failed refresh logs out.
  useEffect(() => {
    const timer = window.setInterval(() => {
      const current = readSession();
      if (current && current.accessTokenExpiration <= Date.now()) void refreshSession();
    }, TOKEN_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);

  // A bearer call refused with 401 refreshes once and retries.
  useEffect(() => {
    setUnauthorizedHandler(refreshSession);
    return () => setUnauthorizedHandler(null);
  }, []);

  return <RestoringContext.Provider value={restoring}>{children}</RestoringContext.Provider>;
}

/** The auth state, read from the stored session, and the actions that change it. */
export function useAuth(): AuthContextValue {
  const restoring = useContext(RestoringContext);
  if (restoring === null) throw new Error('useAuth must be used inside AuthProvider');
  const session = useSyncExternalStore(subscribeSession, readSession);
  return useMemo(
    () => ({
      token: session?.accessToken ?? null,
      isAuthenticated: session !== null,
      user: session?.user ?? null,
      restoring,
      login,
      logout,
      setUser,
    }),
    [session, restoring],
  );
}
