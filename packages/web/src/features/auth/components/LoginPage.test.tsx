import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages, tryAgainIn } from '@filmlist/shared/messages';
import { readSession } from '../../../lib/session-storage';
import { json, mockApi, networkError, sentTo } from '../../../test/fake-api';
import { member, renderPage } from '../../../test/render-page';
import LoginPage from './LoginPage';

afterEach(() => vi.restoreAllMocks());

const loginAnswer = { accessToken: 'a', accessTokenExpiration: Date.now() + 900_000, refreshToken: 'r', user: member };

async function fillAndSubmit(username: string, password: string) {
  const user = userEvent.setup();
  if (username) await user.type(screen.getByLabelText('Username'), username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return user;
}

describe('LoginPage', () => {
  it('requires a username and a password before calling the server', async () => {
    const { calls } = mockApi({});
    renderPage(<LoginPage />, { path: '/login' });
    await fillAndSubmit('', '');
    // The error, then the field's hint.
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(
      `${messages.usernameRequired} Your username, not your email address.`,
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(messages.passwordRequired);
    expect(calls).toEqual([]);
  });

  it('logs in, stores the session and goes to /dashboard', async () => {
    const { calls } = mockApi({ 'POST /api/users/login': () => json(loginAnswer) });
    renderPage(<LoginPage />, { path: '/login' });
    await fillAndSubmit('maria', 'correct horse');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(sentTo(calls, 'POST /api/users/login')).toEqual([{ username: 'maria', password: 'correct horse' }]);
    expect(readSession()?.user?.username).toBe('maria');
  });

  it('goes back to the protected page that sent the visitor here', async () => {
    mockApi({ 'POST /api/users/login': () => json(loginAnswer) });
    renderPage(<LoginPage />, { path: '/login', state: { from: '/addfilm' } });
    await fillAndSubmit('maria', 'correct horse');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/addfilm'));
  });

  it("offers the public page of a member's film address in one tap, and logging in still leads to the member page", async () => {
    mockApi({ 'POST /api/users/login': () => json(loginAnswer) });
    renderPage(<LoginPage />, { path: '/login', state: { from: '/films/private/in-bruges-2008' } });
    const offer = screen.getByRole('complementary', { name: 'The film you were sent' });
    expect(offer).toHaveTextContent('In Bruges (2008)');
    expect(within(offer).getByRole('link', { name: 'See the film' })).toHaveAttribute('href', '/films/in-bruges-2008');
    await fillAndSubmit('maria', 'correct horse');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/films/private/in-bruges-2008'));
  });

  it('offers no film when the visitor was going anywhere else', () => {
    renderPage(<LoginPage />, { path: '/login', state: { from: '/addfilm' } });
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(screen.queryByRole('link', { name: 'See the film' })).toBeNull();
  });

  it('takes the visitor to the public film page from the offer', async () => {
    renderPage(<LoginPage />, { path: '/login', state: { from: '/films/private/the-fall-2006' } });
    await userEvent.setup().click(screen.getByRole('link', { name: 'See the film' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/films/the-fall-2006');
  });

  it('says that an email address is not a username under the field, before sending anything', async () => {
    const { calls } = mockApi({ 'POST /api/users/login': () => json({ error: messages.loginFailed, code: 'invalid_credentials' }, 401) });
    const { unmount } = renderPage(<LoginPage />, { path: '/login' });
    await fillAndSubmit('maria@example.com', 'correct horse');
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(/Log in with your username/);
    expect(screen.queryByText(messages.loginFailed)).toBeNull();
    expect(calls).toEqual([]);
    unmount();
    renderPage(<LoginPage />, { path: '/login' });
    await fillAndSubmit('maria', 'wrong horse');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.loginFailed);
    expect(screen.getByRole('alert')).not.toHaveTextContent('Log in with your username');
  });

  it('tells an unverified account to check its email, and offers a new verification link', async () => {
    mockApi({ 'POST /api/users/login': () => json({ error: messages.loginUnverified, code: 'unverified' }, 403) });
    renderPage(<LoginPage />, { path: '/login' });
    await fillAndSubmit('maria', 'correct horse');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.loginUnverified);
    expect(within(alert).getByRole('link', { name: 'Resend verification email' })).toHaveAttribute('href', '/resend-verification');
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('links to Forgot password?, and offers the resend only for an unverified account', async () => {
    mockApi({ 'POST /api/users/login': () => json({ error: 'nope', code: 'invalid_credentials' }, 401) });
    renderPage(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    await fillAndSubmit('maria', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.loginFailed);
    expect(screen.queryByRole('link', { name: 'Resend verification email' })).toBeNull();
  });

  it('says the login failed for wrong credentials and for a network failure', async () => {
    let calls = 0;
    mockApi({
      'POST /api/users/login': () => {
        calls += 1;
        if (calls > 1) return networkError();
        return json({ error: 'nope', code: 'invalid_credentials' }, 401);
      },
    });
    renderPage(<LoginPage />, { path: '/login' });
    const user = await fillAndSubmit('maria', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.loginFailed);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(calls).toBe(2));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.loginFailed);
    expect(readSession()).toBeNull();
  });

  it('says when to try again after too many attempts, below the login message', async () => {
    mockApi({
      'POST /api/users/login': () => json({ error: messages.rateLimited, code: 'rate_limited' }, 429, { 'retry-after': '775' }),
    });
    renderPage(<LoginPage />, { path: '/login' });
    await fillAndSubmit('maria', 'correct horse');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.loginFailed);
    expect(alert).toHaveTextContent(tryAgainIn(775));
    expect(tryAgainIn(775)).toBe('You can try again in 13 minutes.');
  });

  it('explains a 429 without Retry-After too', async () => {
    mockApi({ 'POST /api/users/login': () => json({ error: messages.rateLimited, code: 'rate_limited' }, 429) });
    renderPage(<LoginPage />, { path: '/login' });
    await fillAndSubmit('maria', 'correct horse');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.loginFailed);
    expect(alert).toHaveTextContent(messages.rateLimited);
  });

  it('shows the password on request and reads Processing... while working', async () => {
    let answer: (r: Response) => void = () => undefined;
    mockApi({ 'POST /api/users/login': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderPage(<LoginPage />, { path: '/login' });
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Show password'));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await fillAndSubmit('maria', 'pw');
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    answer(json(loginAnswer));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
  });
});
