import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@filmlist/shared/messages';
import { readSession } from '../../../lib/session-storage';
import { fakeApi, json, member, renderPage, sentTo } from '../../../test/pages';
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
    const api = fakeApi({});
    renderPage(<LoginPage />, '/login');
    await fillAndSubmit('', '');
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(messages.usernameRequired);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(messages.passwordRequired);
    expect(api).not.toHaveBeenCalled();
  });

  it('logs in, stores the session and goes to /dashboard', async () => {
    const api = fakeApi({ 'POST /api/users/login': () => json(loginAnswer) });
    renderPage(<LoginPage />, '/login');
    await fillAndSubmit('maria', 'correct horse');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(sentTo(api, 'POST /api/users/login')).toEqual([{ username: 'maria', password: 'correct horse' }]);
    expect(readSession()?.user?.username).toBe('maria');
  });

  it('goes back to the protected page that sent the visitor here', async () => {
    fakeApi({ 'POST /api/users/login': () => json(loginAnswer) });
    renderPage(<LoginPage />, '/login', { state: { from: '/addfilm' } });
    await fillAndSubmit('maria', 'correct horse');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/addfilm'));
  });

  it('tells an unverified account to check its email', async () => {
    fakeApi({ 'POST /api/users/login': () => json({ error: messages.loginUnverified, code: 'unverified' }, 403) });
    renderPage(<LoginPage />, '/login');
    await fillAndSubmit('maria', 'correct horse');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.loginUnverified);
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('says the login failed for wrong credentials and for a network failure', async () => {
    let calls = 0;
    fakeApi({
      'POST /api/users/login': () => {
        calls += 1;
        if (calls > 1) throw new TypeError('network down');
        return json({ error: 'nope', code: 'invalid_credentials' }, 401);
      },
    });
    renderPage(<LoginPage />, '/login');
    const user = await fillAndSubmit('maria', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.loginFailed);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(calls).toBe(2));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.loginFailed);
    expect(readSession()).toBeNull();
  });

  it('shows the password on request and reads Processing... while working', async () => {
    let answer: (r: Response) => void = () => undefined;
    fakeApi({ 'POST /api/users/login': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderPage(<LoginPage />, '/login');
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Show password'));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await fillAndSubmit('maria', 'pw');
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    answer(json(loginAnswer));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
  });
});
