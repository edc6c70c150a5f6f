import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages, serverMessages, tryAgainIn } from '@filmlist/shared/messages';
import { readSession } from '../../../lib/session-storage';
import { json, mockApi, sentTo, type Answer } from '../../../test/fake-api';
import { renderPage, signIn } from '../../../test/render-page';
import ResetPasswordPage from './ResetPasswordPage';

const TOKEN = 'a'.repeat(43);

async function reset(answer: Answer, password = 'a new long phrase', confirm = password) {
  const { calls } = mockApi({ 'POST /api/users/reset-password': answer });
  const user = userEvent.setup();
  renderPage(<ResetPasswordPage />, { path: `/reset-password/${TOKEN}`, route: '/reset-password/:token' });
  if (password) await user.type(screen.getByLabelText('New password'), password);
  if (confirm) await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
  return { calls, user };
}

const done: Answer = () => json({ message: serverMessages.passwordResetDone });

describe('ResetPasswordPage', () => {
  it('sets the new password with the token of the link, then asks the person to log in', async () => {
    const { calls } = await reset(done);
    expect(await screen.findByRole('status')).toHaveTextContent(serverMessages.passwordResetDone);
    expect(sentTo(calls, 'POST /api/users/reset-password')).toEqual([{ token: TOKEN, password: 'a new long phrase' }]);
    expect(screen.getByRole('link', { name: 'Log in to The Film List' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Reset Password' })).toBeNull();
    expect(document.title).toBe('Reset Password | The Film List');
  });

  it('ends the session this browser holds: the server has ended every session of the account', async () => {
    signIn();
    await reset(done);
    await screen.findByText(serverMessages.passwordResetDone);
    expect(readSession()).toBeNull();
  });

  it('applies the sign-up password rules and the match, without calling the server', async () => {
    const { calls, user } = await reset(done, 'short');
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(messages.passwordTooShort);
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'a new long phrase');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription(messages.passwordsDoNotMatch);
    expect(calls).toEqual([]);
  });

  it('shows the passwords on request', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderPage(<ResetPasswordPage />, { path: `/reset-password/${TOKEN}`, route: '/reset-password/:token' });
    await user.click(screen.getByLabelText('Show passwords'));
    expect(screen.getByLabelText('New password')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('type', 'text');
  });

  it('says a used or expired link is dead, and offers a new one', async () => {
    await reset(() => json({ error: messages.resetLinkInvalid, code: 'reset_link_invalid' }, 400));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.resetLinkInvalid);
    expect(screen.getByRole('link', { name: 'Ask for a new reset link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it("puts the server's password message beside the field", async () => {
    await reset(() =>
      json({ error: messages.passwordTooCommon, code: 'invalid_request', fields: { password: messages.passwordTooCommon } }, 400),
    );
    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(messages.passwordTooCommon));
  });

  it('says when to try again, and that the reset failed otherwise', async () => {
    let status = 429;
    const { user } = await reset(() => json({ error: 'x', code: 'x' }, status, { 'retry-after': '30' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`${messages.rateLimited} ${tryAgainIn(30)}`);
    status = 500;
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(messages.resetFailed));
  });
});
