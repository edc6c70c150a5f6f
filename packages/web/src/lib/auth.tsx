import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { LoginAnswer, PublicUser } from '@filmlist/shared/api/users';
import { REFRESHING_PAGE_MAX_MS, TOKEN_CHECK_INTERVAL_MS } from '@filmlist/shared/constants';
import { ApiError, api, setUnauthorizedHandler } from './api-client';
import { refreshAnswerDecoder } from './decoders';
import { clearSession, readSession, writeSession } from './session-storage';

/** SPEC §3: the auth state is token, isAuthenticated and user. */
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

const AuthContext = createContext<AuthContextValue | null>(null);

let refreshing: Promise<boolean> | null = null;

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

export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState(readSession);
  const [restoring, setRestoring] = useState(() => session !== null);

  const sync = useCallback(() => setSession(readSession()), []);

  // A page load by a signed-in member refreshes the session (SPEC §4); the
  // "Refreshing page..." state lasts until then, and at most 1 second.
  useEffect(() => {
    if (!readSession()) return;
    const cap = window.setTimeout(() => setRestoring(false), REFRESHING_PAGE_MAX_MS);
    void refreshSession().then(() => {
      window.clearTimeout(cap);
      sync();
      setRestoring(false);
    });
    return () => window.clearTimeout(cap);
  }, [sync]);

  // Every 30 minutes, an expired access token is refreshed; a failed refresh logs out.
  useEffect(() => {
    const timer = window.setInterval(() => {
      const current = readSession();
      if (current && current.accessTokenExpiration <= Date.now()) void refreshSession().then(sync);
    }, TOKEN_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [sync]);

  // A bearer call refused with 401 refreshes once and retries.
  useEffect(() => {
    setUnauthorizedHandler(async () => {
      const ok = await refreshSession();
      sync();
      return ok;
    });
    return () => setUnauthorizedHandler(null);
  }, [sync]);

  // Other tabs logging in or out.
  useEffect(() => {
    const onStorage = () => sync();
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [sync]);

  // Stable actions: effects that call them do not re-run when the session changes.
  const login = useCallback(
    (answer: LoginAnswer) => {
      writeSession({
        accessToken: answer.accessToken,
        accessTokenExpiration: answer.accessTokenExpiration,
        refreshToken: answer.refreshToken,
        user: answer.user,
      });
      sync();
    },
    [sync],
  );

  const logout = useCallback(async () => {
    const current = readSession();
    clearSession();
    sync();
    if (!current) return;
    try {
      await fetch('/api/auth/logout', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${current.accessToken}` },
        body: JSON.stringify({ refresh: current.refreshToken }),
      });
    } catch {
      // Signed out here already; the server's session expires on its own.
    }
  }, [sync]);

  const setUser = useCallback(
    (user: PublicUser) => {
      const current = readSession();
      if (current) writeSession({ ...current, user });
      sync();
    },
    [sync],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      token: session?.accessToken ?? null,
      isAuthenticated: session !== null,
      user: session?.user ?? null,
      restoring,
      login,
      logout,
      setUser,
    }),
    [session, restoring, login, logout, setUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
