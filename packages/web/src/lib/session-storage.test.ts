import { describe, expect, it, vi } from 'vitest';
import { member } from '../test/render-page';
import { clearSession, readSession, subscribeSession, writeSession } from './session-storage';

const session = { accessToken: 'a', accessTokenExpiration: Date.now() + 60_000, refreshToken: 'r', user: member };

describe('the stored session', () => {
  it('is the same object until the storage changes, so React can subscribe to it', () => {
    writeSession(session);
    const first = readSession();
    expect(first).toEqual(session);
    expect(readSession()).toBe(first);
    window.localStorage.setItem('refreshToken', 'rotated in another tab');
    expect(readSession()).not.toBe(first);
    expect(readSession()?.refreshToken).toBe('rotated in another tab');
  });

  it('tells its subscribers of every change made here and in other tabs, until they unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    writeSession(session);
    clearSession();
    window.dispatchEvent(new StorageEvent('storage', { key: 'accessToken' }));
    expect(listener).toHaveBeenCalledTimes(3);
    expect(readSession()).toBeNull();
    unsubscribe();
    writeSession(session);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('counts a stored user of the wrong shape as no user, keeping the tokens', () => {
    writeSession(session);
    window.localStorage.setItem('user', JSON.stringify({ user_id: 'seven' }));
    expect(readSession()).toMatchObject({ accessToken: 'a', user: null });
  });
});
