import type { PublicUser } from '@filmlist/shared/api/users';
import { publicUserDecoder } from './decoders';

/** SPEC §3: the session lives in browser storage under these names. */
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

export function readSession(): StoredSession | null {
  const s = storage();
  const accessToken = s?.getItem(KEYS.accessToken);
  const refreshToken = s?.getItem(KEYS.refreshToken);
  const expiration = Number(s?.getItem(KEYS.expiration));
  if (!accessToken || !refreshToken || !Number.isFinite(expiration)) return null;
  return { accessToken, refreshToken, accessTokenExpiration: expiration, user: parseUser(s?.getItem(KEYS.user) ?? null) };
}

export function writeSession(session: StoredSession): void {
  const s = storage();
  s?.setItem(KEYS.accessToken, session.accessToken);
  s?.setItem(KEYS.expiration, String(session.accessTokenExpiration));
  s?.setItem(KEYS.refreshToken, session.refreshToken);
  if (session.user) s?.setItem(KEYS.user, JSON.stringify(session.user));
}

export function clearSession(): void {
  const s = storage();
  for (const key of Object.values(KEYS)) s?.removeItem(key);
}

/** A visitor's temporary id for watch tracking (PRODUCT.md §7). */
const TEMP_ID_KEY = 'temporaryUserId';
export const readTemporaryId = (): string | null => storage()?.getItem(TEMP_ID_KEY) ?? null;
export const writeTemporaryId = (id: string): void => storage()?.setItem(TEMP_ID_KEY, id);
