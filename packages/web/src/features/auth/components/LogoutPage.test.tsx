import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSession } from '../../../lib/session-storage';
import { json, mockApi, sentTo } from '../../../test/fake-api';
import { renderPage, signIn } from '../../../test/render-page';
import AccountDeletedPage from './AccountDeletedPage';
import LogoutPage from './LogoutPage';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('LogoutPage', () => {
  it('logs out at once, shows Logging out... and goes home after 1 second', async () => {
    vi.useFakeTimers();
    signIn();
    const { calls } = mockApi({ 'POST /api/auth/logout': () => json({ message: 'bye' }) });
    renderPage(<LogoutPage />, { path: '/logout' });
    expect(screen.getByText('Logging out...')).toBeInTheDocument();
    expect(readSession()).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(999);
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/logout');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(sentTo(calls, 'POST /api/auth/logout')).toEqual([{ refresh: 'refresh-1' }]);
  });
});

describe('AccountDeletedPage', () => {
  it('logs out and says a new account may be created anytime', () => {
    signIn();
    mockApi({ 'POST /api/auth/logout': () => json({ message: 'bye' }) });
    renderPage(<AccountDeletedPage />, { path: '/account-deleted' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent("We're sorry to see you go!");
    expect(screen.getByRole('link', { name: /create a new account/ })).toHaveAttribute('href', '/signup');
    expect(readSession()).toBeNull();
  });
});
