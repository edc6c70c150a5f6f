import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serverMessages } from '@filmlist/shared/messages';
import { filmDetail } from '../test/factories';
import { json, mockApi } from '../test/fake-api';
import { renderPage, signIn } from '../test/render-page';
import { AppRoutes } from './routes';

const at = (path: string, state: unknown = null) => renderPage(<AppRoutes />, { path, route: '*', state });

describe('the route tables', () => {
  it('find the pages of the second table (account recovery) when the main one has no route', async () => {
    mockApi({});
    at('/forgot-password');
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot Password' })).toBeInTheDocument();
  });

  it('pass the reset token of the path to its page', async () => {
    mockApi({});
    at('/reset-password/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
  });

  it('send a visitor from the protected pages of the second table to /login', async () => {
    mockApi({});
    at('/my-submissions');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(window.history.state).toEqual({ from: '/my-submissions' });
  });

  it("send a member from / to their list, keeping a shared search's address", async () => {
    mockApi({});
    signIn();
    at('/?q=fall');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(window.location.search).toBe('?q=fall');
  });

  it('show the not-found page for a path neither table has', async () => {
    mockApi({});
    at('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
  });

  it("show what the list knows of a film at once while the film page's code loads, not a bare Loading...", async () => {
    mockApi({});
    const moon = filmDetail(1, 'Moon', 2009);
    at('/films/moon-2009', { film: moon, fromList: true });
    // The first render, before the page's chunk is in.
    expect(screen.getByRole('heading', { level: 1, name: 'Moon' })).toBeInTheDocument();
    expect(screen.getByText(moon.description)).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).toBeNull();
    // Then the page itself, with its buttons (its chunk is compiled on first import: slow on a busy machine).
    expect(await screen.findByRole('button', { name: 'Watch Trailer' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('say Loading... for a film page opened without the list', async () => {
    mockApi({ 'GET /api/films/filmdetails': () => json({ film: filmDetail(1, 'Moon', 2009) }) });
    at('/films/moon-2009');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Moon' })).toBeInTheDocument();
  });

  it('send a member whose stored session the server refuses to /login, saying why, their name filled in, the list a tap away', async () => {
    const ended = (code: string) => () => json({ error: serverMessages.sessionExpired, code }, 401);
    mockApi({
      'POST /api/auth/refresh': ended('invalid_refresh'),
      'GET /api/me/watchlist': ended('invalid_token'),
      'GET /api/me/votes': ended('invalid_token'),
      'GET /api/films/allfilms': () => json({ films: [] }),
    });
    signIn();
    at('/watchlist');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(await screen.findByText(serverMessages.sessionExpired)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the list without logging in' })).toHaveAttribute('href', '/');
    expect(screen.getByLabelText('Username')).toHaveValue('maria');
  });
});
