import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages, serverMessages, tryAgainIn } from '@filmlist/shared/messages';
import { json, mockApi, networkError, sentTo } from '../../../test/fake-api';
import { renderPage } from '../../../test/render-page';
import ForgotPasswordPage from './ForgotPasswordPage';

afterEach(() => vi.restoreAllMocks());

async function ask(email: string) {
  const user = userEvent.setup();
  renderPage(<ForgotPasswordPage />, { path: '/forgot-password' });
  if (email) await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
  return user;
}

describe('ForgotPasswordPage', () => {
  it("posts the address and says the server's message, the same whether an account has it or not", async () => {
    const { calls } = mockApi({ 'POST /api/users/forgot-password': () => json({ message: serverMessages.recoveryMailSent }) });
    await ask('  maria@example.com ');
    expect(await screen.findByRole('status')).toHaveTextContent(serverMessages.recoveryMailSent);
    expect(sentTo(calls, 'POST /api/users/forgot-password')).toEqual([{ email: 'maria@example.com' }]);
    expect(document.title).toBe('Forgot Password | The Film List');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Forgot Password');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    // The form stays, for a mistyped address.
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeEnabled();
  });

  it('refuses a malformed address beside the field, without calling the server', async () => {
    const { calls } = mockApi({});
    await ask('maria@');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(messages.emailInvalid);
    expect(calls).toEqual([]);
  });

  it("puts the server's 400 beside the field", async () => {
    mockApi({
      'POST /api/users/forgot-password': () =>
        json({ error: messages.emailInvalid, code: 'invalid_request', fields: { email: messages.emailInvalid } }, 400),
    });
    await ask('maria@example.com');
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(messages.emailInvalid));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('says when to try again after too many requests', async () => {
    mockApi({
      'POST /api/users/forgot-password': () => json({ error: messages.rateLimited, code: 'rate_limited' }, 429, { 'retry-after': '1800' }),
    });
    await ask('maria@example.com');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.rateLimited);
    expect(alert).toHaveTextContent(tryAgainIn(1800));
  });

  it('says the email could not be sent when the call fails, and reads Processing... meanwhile', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockApi({ 'POST /api/users/forgot-password': () => new Promise<Response>((resolve) => (answer = resolve)) });
    await ask('maria@example.com');
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    answer(networkError());
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.recoveryFailed);
  });
});
