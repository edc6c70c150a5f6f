import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@filmlist/shared/messages';
import { readSession } from '../../../lib/session-storage';
import { fakeApi, json, member, refreshed, renderPage, sentTo, signIn, type FakeRoute } from '../../../test/pages';
import MyProfilePage from './MyProfilePage';

afterEach(() => vi.restoreAllMocks());

const profile: FakeRoute = (_body, url) => json({ user: { ...member, username: decodeURIComponent(url.pathname.split('/').pop() ?? '') } });

function open(routes: Record<string, FakeRoute> = {}) {
  signIn();
  const api = fakeApi({
    'POST /api/auth/refresh': refreshed(),
    'GET /api/users/profile/maria': profile,
    'GET /api/users/profile/maria2': profile,
    'POST /api/auth/logout': () => json({ message: 'bye' }),
    ...routes,
  });
  renderPage(<MyProfilePage />, '/myprofile');
  return { api, user: userEvent.setup() };
}

const form = (name: string) => screen.getByRole('form', { name });

describe('MyProfilePage', () => {
  it('shows the current username and email', async () => {
    const { api } = open();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('My Profile');
    expect(screen.getByText('maria')).toBeInTheDocument();
    expect(screen.getByText('maria@example.com')).toBeInTheDocument();
    await waitFor(() => expect(sentTo(api, 'GET /api/users/profile/maria')).toHaveLength(1));
  });

  it('updates the username, shows the answer and keeps the new name in the session', async () => {
    const { api, user } = open({
      'PUT /api/users/profile/7': () => json({ message: messages.usernameUpdated, user: { ...member, username: 'maria2' }, pendingEmail: null }),
    });
    const usernameForm = form('Update Username');
    await user.type(within(usernameForm).getByLabelText('New username'), 'maria2');
    await user.click(within(usernameForm).getByRole('button', { name: 'Update Username' }));
    expect(await within(usernameForm).findByText(messages.usernameUpdated)).toBeInTheDocument();
    expect(sentTo(api, 'PUT /api/users/profile/7')).toEqual([{ username: 'maria2' }]);
    expect(readSession()?.user?.username).toBe('maria2');
    expect(await screen.findByText('maria2')).toBeInTheDocument();
  });

  it('needs the current password to change the email, and says where the confirmation link went', async () => {
    const { api, user } = open({
      'PUT /api/users/profile/7': () => json({ message: messages.emailUpdated, user: member, pendingEmail: 'new@example.com' }),
    });
    const emailForm = form('Update Email');
    await user.type(within(emailForm).getByLabelText('New email'), 'new@example.com');
    await user.click(within(emailForm).getByRole('button', { name: 'Update Email' }));
    expect(within(emailForm).getByLabelText('Current password')).toHaveAccessibleDescription(messages.currentPasswordRequired);
    expect(sentTo(api, 'PUT /api/users/profile/7')).toEqual([]);

    await user.type(within(emailForm).getByLabelText('Current password'), 'old password');
    await user.click(within(emailForm).getByRole('button', { name: 'Update Email' }));
    const status = within(emailForm).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent(messages.emailUpdated));
    expect(status).toHaveTextContent('confirmation link to new@example.com');
    expect(sentTo(api, 'PUT /api/users/profile/7')).toEqual([{ email: 'new@example.com', currentPassword: 'old password' }]);
  });

  it('checks the new password against its confirm field and needs the current password', async () => {
    const { api, user } = open();
    const passwordForm = form('Update Password');
    await user.type(within(passwordForm).getByLabelText('New password'), 'a brand new phrase');
    await user.type(within(passwordForm).getByLabelText('Confirm new password'), 'a brand new phrasf');
    await user.click(within(passwordForm).getByRole('button', { name: 'Update Password' }));
    expect(within(passwordForm).getByLabelText('Confirm new password')).toHaveAccessibleDescription(messages.passwordsDoNotMatch);
    expect(within(passwordForm).getByLabelText('Current password')).toHaveAccessibleDescription(messages.currentPasswordRequired);
    expect(sentTo(api, 'PUT /api/users/profile/7')).toEqual([]);
  });

  it("shows the server's field message for a wrong current password, and Update failed otherwise", async () => {
    let status = 400;
    const { user } = open({
      'PUT /api/users/profile/7': () =>
        status === 400
          ? json({ error: messages.currentPasswordWrong, code: 'current_password_wrong', fields: { currentPassword: messages.currentPasswordWrong } }, 400)
          : json({ error: 'boom', code: 'internal' }, 500),
    });
    const passwordForm = form('Update Password');
    await user.type(within(passwordForm).getByLabelText('New password'), 'a brand new phrase');
    await user.type(within(passwordForm).getByLabelText('Confirm new password'), 'a brand new phrase');
    await user.type(within(passwordForm).getByLabelText('Current password'), 'wrong one');
    await user.click(within(passwordForm).getByRole('button', { name: 'Update Password' }));
    await waitFor(() =>
      expect(within(passwordForm).getByLabelText('Current password')).toHaveAccessibleDescription(messages.currentPasswordWrong),
    );
    status = 500;
    await user.click(within(passwordForm).getByRole('button', { name: 'Update Password' }));
    expect(await within(passwordForm).findByRole('alert')).toHaveTextContent(messages.updateFailed);
  });

  it('shows a taken username next to the username field', async () => {
    const { user } = open({ 'PUT /api/users/profile/7': () => json({ error: messages.usernameTaken, code: 'username_taken' }, 409) });
    const usernameForm = form('Update Username');
    await user.type(within(usernameForm).getByLabelText('New username'), 'rita');
    await user.click(within(usernameForm).getByRole('button', { name: 'Update Username' }));
    await waitFor(() => expect(within(usernameForm).getByLabelText('New username')).toHaveAccessibleDescription(messages.usernameTaken));
  });

  it('shows the passwords on request', async () => {
    const { user } = open();
    await user.click(screen.getByRole('checkbox', { name: 'Show passwords' }));
    for (const input of screen.getAllByLabelText(/password/i).filter((el) => el instanceof HTMLInputElement && el.type !== 'checkbox')) {
      expect(input).toHaveAttribute('type', 'text');
    }
  });
});

describe('Delete Account', () => {
  it('asks first; Cancel keeps the account', async () => {
    const { api, user } = open();
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to delete your account?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sentTo(api, 'DELETE /api/users/delete')).toEqual([]);
    expect(readSession()).not.toBeNull();
  });

  it('deletes, logs out and goes to /account-deleted', async () => {
    const { api, user } = open({ 'DELETE /api/users/delete': () => json({ message: messages.accountDeleted }) });
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/account-deleted'));
    expect(sentTo(api, 'DELETE /api/users/delete')).toHaveLength(1);
    expect(readSession()).toBeNull();
  });

  it('only logs a failed deletion and closes the dialog', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = open({ 'DELETE /api/users/delete': () => json({ error: 'boom', code: 'internal' }, 500) });
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(logged).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/myprofile');
    expect(readSession()).not.toBeNull();
  });
});
