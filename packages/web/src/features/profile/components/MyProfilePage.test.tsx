import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages, pendingEmailNotice, serverMessages, tryAgainIn } from '@filmlist/shared/messages';
import { readSession } from '../../../lib/session-storage';
import { json, mockApi, sentTo, type Answer, type RouteKey } from '../../../test/fake-api';
import { member, renderPage, signIn } from '../../../test/render-page';
import MyProfilePage from './MyProfilePage';

afterEach(() => vi.restoreAllMocks());

const profile: Answer = (call) => json({ user: { ...member, username: decodeURIComponent(call.path.split('/').pop() ?? '') } });

function open(routes: Partial<Record<RouteKey, Answer>> = {}) {
  signIn();
  const { calls } = mockApi({
    'GET /api/users/profile/maria': profile,
    'GET /api/users/profile/maria2': profile,
    'POST /api/auth/logout': () => json({ message: 'bye' }),
    ...routes,
  });
  renderPage(<MyProfilePage />, { path: '/myprofile' });
  return { calls, user: userEvent.setup() };
}

const form = (name: string) => screen.getByRole('form', { name });

describe('MyProfilePage', () => {
  it('shows the current username and email', async () => {
    const { calls } = open();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('My Profile');
    expect(screen.getByText('maria')).toBeInTheDocument();
    expect(screen.getByText('maria@example.com')).toBeInTheDocument();
    await waitFor(() => expect(sentTo(calls, 'GET /api/users/profile/maria')).toHaveLength(1));
  });

  it('offers the Letterboxd files after Download My Data, where a member looks for their data', async () => {
    const { calls, user } = open({
      'GET /api/me/export/ratings.csv': () =>
        new Response('Title,Year,Rating10,tmdbID,imdbID,WatchedDate\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="r.csv"' },
        }),
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() });
    const letterboxd = screen.getByRole('region', { name: 'Take it to Letterboxd' });
    const data = screen.getByRole('region', { name: 'Download My Data' });
    expect(data.compareDocumentPosition(letterboxd) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    await user.click(within(letterboxd).getByRole('button', { name: 'Ratings for Letterboxd (CSV)' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/me/export/ratings.csv')).toHaveLength(1));
  });

  it('updates the username, shows the answer and keeps the new name in the session', async () => {
    const { calls, user } = open({
      'PUT /api/users/profile/7': () =>
        json({ message: serverMessages.usernameUpdated, user: { ...member, username: 'maria2' }, pendingEmail: null }),
    });
    const usernameForm = form('Update Username');
    await user.type(within(usernameForm).getByLabelText('New username'), 'maria2');
    await user.click(within(usernameForm).getByRole('button', { name: 'Update Username' }));
    expect(await within(usernameForm).findByText(serverMessages.usernameUpdated)).toBeInTheDocument();
    expect(sentTo(calls, 'PUT /api/users/profile/7')).toEqual([{ username: 'maria2' }]);
    expect(readSession()?.user?.username).toBe('maria2');
    expect(await screen.findByText('maria2')).toBeInTheDocument();
  });

  it('needs the current password to change the email, and says where the confirmation link went', async () => {
    const { calls, user } = open({
      'PUT /api/users/profile/7': () => json({ message: serverMessages.emailUpdated, user: member, pendingEmail: 'new@example.com' }),
    });
    const emailForm = form('Update Email');
    await user.type(within(emailForm).getByLabelText('New email'), 'new@example.com');
    await user.click(within(emailForm).getByRole('button', { name: 'Update Email' }));
    expect(within(emailForm).getByLabelText('Current password')).toHaveAccessibleDescription(messages.currentPasswordRequired);
    expect(sentTo(calls, 'PUT /api/users/profile/7')).toEqual([]);

    await user.type(within(emailForm).getByLabelText('Current password'), 'old password');
    await user.click(within(emailForm).getByRole('button', { name: 'Update Email' }));
    const status = within(emailForm).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent(serverMessages.emailUpdated));
    expect(status).toHaveTextContent('confirmation link to new@example.com');
    expect(sentTo(calls, 'PUT /api/users/profile/7')).toEqual([{ email: 'new@example.com', currentPassword: 'old password' }]);
  });

  it('checks the new password against its confirm field and needs the current password', async () => {
    const { calls, user } = open();
    const passwordForm = form('Update Password');
    await user.type(within(passwordForm).getByLabelText('New password'), 'a brand new phrase');
    await user.type(within(passwordForm).getByLabelText('Confirm new password'), 'a brand new phrasf');
    await user.click(within(passwordForm).getByRole('button', { name: 'Update Password' }));
    expect(within(passwordForm).getByLabelText('Confirm new password')).toHaveAccessibleDescription(messages.passwordsDoNotMatch);
    expect(within(passwordForm).getByLabelText('Current password')).toHaveAccessibleDescription(messages.currentPasswordRequired);
    expect(sentTo(calls, 'PUT /api/users/profile/7')).toEqual([]);
  });

  it("shows the server's field message for a wrong current password, and Update failed otherwise", async () => {
    let status = 400;
    const { user } = open({
      'PUT /api/users/profile/7': () =>
        status === 400
          ? json(
              {
                error: serverMessages.currentPasswordWrong,
                code: 'current_password_wrong',
                fields: { currentPassword: serverMessages.currentPasswordWrong },
              },
              400,
            )
          : json({ error: 'boom', code: 'internal' }, 500),
    });
    const passwordForm = form('Update Password');
    await user.type(within(passwordForm).getByLabelText('New password'), 'a brand new phrase');
    await user.type(within(passwordForm).getByLabelText('Confirm new password'), 'a brand new phrase');
    await user.type(within(passwordForm).getByLabelText('Current password'), 'wrong one');
    await user.click(within(passwordForm).getByRole('button', { name: 'Update Password' }));
    await waitFor(() =>
      expect(within(passwordForm).getByLabelText('Current password')).toHaveAccessibleDescription(serverMessages.currentPasswordWrong),
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

  it('shows the passwords on request, with a box beside the password fields of each form', async () => {
    const { user } = open();
    const passwordForm = form('Update Password');
    const typed = (scope: HTMLElement) =>
      within(scope)
        .getAllByLabelText(/password/i)
        .filter((el) => el instanceof HTMLInputElement && el.type !== 'checkbox')
        .map((el) => el.getAttribute('type'));
    await user.click(within(passwordForm).getByRole('checkbox', { name: 'Show passwords' }));
    expect(typed(passwordForm)).toEqual(['text', 'text', 'text']);
    // The email form's current password keeps its own box.
    expect(typed(form('Update Email'))).toEqual(['password']);
    await user.click(within(form('Update Email')).getByRole('checkbox', { name: 'Show password' }));
    expect(typed(form('Update Email'))).toEqual(['text']);
  });

  it("keeps each form's messages to that form, and clears them when another form is used", async () => {
    const { user } = open({
      'PUT /api/users/profile/7': () =>
        json({ message: serverMessages.usernameUpdated, user: { ...member, username: 'maria2' }, pendingEmail: null }),
    });
    const passwordForm = form('Update Password');
    await user.click(within(passwordForm).getByRole('button', { name: 'Update Password' }));
    expect(within(passwordForm).getByLabelText('Current password')).toHaveAccessibleDescription(messages.currentPasswordRequired);

    // Using the username form clears the password form's messages.
    const usernameForm = form('Update Username');
    await user.type(within(usernameForm).getByLabelText('New username'), 'maria2');
    expect(within(passwordForm).queryByRole('alert')).toBeNull();
    expect(within(passwordForm).getByLabelText('Current password')).not.toHaveAttribute('aria-invalid');
    await user.click(within(usernameForm).getByRole('button', { name: 'Update Username' }));
    expect(await within(usernameForm).findByText(serverMessages.usernameUpdated)).toBeInTheDocument();

    // And the next form used clears the username form's success.
    await user.type(within(form('Update Email')).getByLabelText('New email'), 'n');
    expect(within(usernameForm).queryByText(serverMessages.usernameUpdated)).toBeNull();
    // Coming back starts clean: the password form's old message does not return.
    await user.type(within(passwordForm).getByLabelText('New password'), 'x');
    expect(within(passwordForm).queryByRole('alert')).toBeNull();
  });

  it('says when to try again after too many updates, below the update message', async () => {
    const { user } = open({
      'PUT /api/users/profile/7': () => json({ error: messages.rateLimited, code: 'rate_limited' }, 429, { 'retry-after': '600' }),
    });
    const usernameForm = form('Update Username');
    await user.type(within(usernameForm).getByLabelText('New username'), 'maria2');
    await user.click(within(usernameForm).getByRole('button', { name: 'Update Username' }));
    expect(await within(usernameForm).findByRole('alert')).toHaveTextContent(`${messages.updateFailed} ${tryAgainIn(600)}`);
  });

  it('keeps Delete Account apart from the update forms, as a danger', async () => {
    const { calls } = open();
    await waitFor(() => expect(sentTo(calls, 'GET /api/users/profile/maria')).toHaveLength(1));
    const zone = screen.getByRole('region', { name: 'Delete Account' });
    expect(zone.closest('.profile-forms')).toBeNull();
    expect(within(zone).getByRole('button', { name: 'Delete Account' })).toHaveClass('danger');
    for (const name of ['Update Username', 'Update Email', 'Update Password']) {
      expect(within(form(name)).getByRole('button', { name })).not.toHaveClass('danger');
    }
  });
});

describe('a pending email change', () => {
  it('is shown with its address, and can be cancelled by setting the email back', async () => {
    const { calls, user } = open({
      'GET /api/users/profile/maria': () => json({ user: { ...member, pendingEmail: 'typo@exmaple.com' } }),
      'PUT /api/users/profile/7': () => json({ message: messages.emailChangeCancelled, user: member, pendingEmail: null }),
    });
    expect(await screen.findByText(pendingEmailNotice('typo@exmaple.com'), { exact: false })).toHaveTextContent(
      `Pending ${pendingEmailNotice('typo@exmaple.com')}`,
    );
    await user.click(screen.getByRole('button', { name: 'Cancel email change' }));
    expect(await screen.findByText(messages.emailChangeCancelled)).toBeInTheDocument();
    expect(screen.queryByText(pendingEmailNotice('typo@exmaple.com'), { exact: false })).toBeNull();
    expect(sentTo(calls, 'PUT /api/users/profile/7')).toEqual([{ email: member.email }]);
  });
});

describe('Delete Account', () => {
  it('asks first; Cancel keeps the account', async () => {
    const { calls, user } = open();
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to delete your account?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sentTo(calls, 'DELETE /api/users/delete')).toEqual([]);
    expect(readSession()).not.toBeNull();
  });

  it('asks for the current password, deletes, logs out and goes to /account-deleted', async () => {
    const { calls, user } = open({ 'DELETE /api/users/delete': () => json({ message: messages.accountDeleted }) });
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }));
    expect(within(dialog).getByLabelText('Current password')).toHaveAccessibleDescription(messages.currentPasswordRequired);
    expect(sentTo(calls, 'DELETE /api/users/delete')).toEqual([]);
    await user.type(within(dialog).getByLabelText('Current password'), 'my own password');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/account-deleted'));
    expect(sentTo(calls, 'DELETE /api/users/delete')).toEqual([{ currentPassword: 'my own password' }]);
    expect(readSession()).toBeNull();
  });

  it('says a wrong password next to the field and keeps the account', async () => {
    const { user } = open({
      'DELETE /api/users/delete': () => json({ error: serverMessages.currentPasswordWrong, code: 'current_password_wrong' }, 403),
    });
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Current password'), 'not it');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Current password')).toHaveAccessibleDescription(serverMessages.currentPasswordWrong),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/myprofile');
    expect(readSession()).not.toBeNull();
  });

  it('only logs a failed deletion and closes the dialog', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = open({ 'DELETE /api/users/delete': () => json({ error: 'boom', code: 'internal' }, 500) });
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.type(screen.getByLabelText('Current password', { selector: '[role=dialog] input' }), 'my own password');
    await user.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(logged).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/myprofile');
    expect(readSession()).not.toBeNull();
  });
});
