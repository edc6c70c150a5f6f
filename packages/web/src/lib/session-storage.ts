import type { PublicUser } from '@filmlist/shared/api/users';
import { publicUserDecoder } from './decoders';

/** docs/product.md §Login: the session lives in browser storage under these names. */
const KEYS = { accessToken: 'accessToken', expiration: 'accessTokenExpiration', refreshToken: 'refreshToken', user: 'user' } as const;

export interface StoredSession {
  accessToken: string;
  /** milliseconds since the epoch */
  accessTokenExpiration: number;
  refreshToken: string;
  user: PublicUser | null;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The stored user, checked like the answers it came from; anything else counts as no user. */
function parseUser(text: string | null): PublicUser | null {
  if (!text) return null;
  try {
    return publicUserDecoder.parse(JSON.parse(text));
  } catch {
    return null;
  }
}

let cached: { raw: string; session: StoredSession | null } | null = null;
const listeners = new Set<() => void>();

/**
 * The stored session: the one place the app holds the member and their tokens
 * (the auth state of docs/product.md is read from it). The same object comes
 * back until the storage changes, here or in another tab, so React can
 * subscribe to it (`subscribeSession`).
 */
export function readSession(): StoredSession | null {
  const s = storage();
  const stored = [s?.getItem(KEYS.accessToken), s?.getItem(KEYS.refreshToken), s?.getItem(KEYS.expiration), s?.getItem(KEYS.user)];
  const raw = stored.join('\u0000');
  if (cached?.raw === raw) return cached.session;
  const [accessToken, refreshToken, expirationText, userText] = stored;
  const expiration = Number(expirationText);
  const session =
    accessToken && refreshToken && Number.isFinite(expiration)
      ? { accessToken, refreshToken, accessTokenExpiration: expiration, user: parseUser(userText ?? null) }
      : null;
  cached = { raw, session };
  return session;
}

const notify = () => {
  for (const listener of listeners) listener();
};

/** Calls `listener` whenever the stored session may have changed (in this tab or another); returns the unsubscribe. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function writeSession(session: StoredSession): void {
  const s = storage();
  s?.setItem(KEYS.accessToken, session.accessToken);
  s?.setItem(KEYS.expiration, String(session.accessTokenExpiration));
  s?.setItem(KEYS.refreshToken, session.refreshToken);
  if (session.user) s?.setItem(KEYS.user, JSON.stringify(session.user));
  notify();
}

export function clearSession(): void {
  const s = storage();
  for (const key of Object.values(KEYS)) s?.removeItem(key);
  notify();
}

/** A visitor's temporary id for watch tracking (§Watch tracking). */
const TEMP_ID_KEY = 'temporaryUserId';
export const readTemporaryId = (): string | null => storage()?.getItem(TEMP_ID_KEY) ?? null;
export const writeTemporaryId = (id: string): void => storage()?.setItem(TEMP_ID_KEY, id);
