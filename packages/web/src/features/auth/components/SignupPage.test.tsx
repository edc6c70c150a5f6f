import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages, newPasswordHint, tryAgainIn, usernameHint } from '@filmlist/shared/messages';
import { appConfig } from '../../../lib/app-config';
import { json, mockApi, sentTo, type Answer } from '../../../test/fake-api';
import { renderPage } from '../../../test/render-page';
import SignupPage from './SignupPage';

afterEach(() => vi.restoreAllMocks());

const free: Answer = () => json({ usernameExists: false, emailExists: false });
const registered: Answer = () => json({ message: messages.registrationSuccessful, user_id: 9 }, 201);

interface Form {
  username?: string;
  email?: string;
  password?: string;
  confirm?: string;
  agree?: boolean;
}

async function fill(form: Form) {
  const user = userEvent.setup();
  const { username = 'newbie', email = 'newbie@example.com', password = 'a long pass phrase', confirm = password, agree = true } = form;
  if (username) await user.type(screen.getByLabelText('Username'), username);
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  if (confirm) await user.type(screen.getByLabelText('Confirm Password'), confirm);
  if (agree) await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
  return user;
}

async function submit(user = userEvent.setup()) {
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('SignupPage validation', () => {
  it('says what a username and a password take before the first try, under their fields', () => {
    mockApi({ 'POST /api/users/check': free });
    renderPage(<SignupPage />, { path: '/signup' });
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(newPasswordHint);
    expect(screen.getByText(newPasswordHint)).toBeVisible();
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(usernameHint);
  });

  it('refuses spaces in the username and the email, next to each field', async () => {
    const { calls } = mockApi({ 'POST /api/users/check': free });
    renderPage(<SignupPage />, { path: '/signup' });
    await submit(await fill({ username: 'new bie', email: 'new bie@example.com' }));
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(`${messages.usernameHasSpaces} ${usernameHint}`);
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(messages.emailHasSpaces);
    expect(screen.getByLabelText('Username')).toHaveFocus();
    expect(sentTo(calls, 'POST /api/users/register')).toEqual([]);
  });

  it('refuses an invalid email, mismatched passwords and a missing agreement', async () => {
    mockApi({ 'POST /api/users/check': free });
    renderPage(<SignupPage />, { path: '/signup' });
    await submit(await fill({ email: 'not-an-email', confirm: 'something else', agree: false }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(messages.emailInvalid);
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription(messages.passwordsDoNotMatch);
    expect(screen.getByRole('checkbox', { name: /I agree/ })).toHaveAccessibleDescription(messages.agreementRequired);
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toEqual([messages.emailInvalid, messages.passwordsDoNotMatch, messages.agreementRequired]);
  });

  it('says live, as the user types, that the username and the email are taken', async () => {
    const { calls } = mockApi({ 'POST /api/users/check': () => json({ usernameExists: true, emailExists: true }) });
    renderPage(<SignupPage />, { path: '/signup' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'maria');
    await user.type(screen.getByLabelText('Email'), 'maria@example.com');
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(`${messages.usernameTaken} ${usernameHint}`));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(messages.emailTaken);
    // Debounced: one check for the finished values, not one per keystroke.
    expect(sentTo(calls, 'POST /api/users/check')).toEqual([{ username: 'maria', email: 'maria@example.com' }]);
  });

  it('checks again before submitting and stops on a taken username', async () => {
    let taken = false;
    const { calls } = mockApi({
      'POST /api/users/check': () => json({ usernameExists: taken, emailExists: false }),
      'POST /api/users/register': registered,
    });
    renderPage(<SignupPage />, { path: '/signup' });
    const user = await fill({});
    taken = true;
    await submit(user);
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(`${messages.usernameTaken} ${usernameHint}`));
    expect(sentTo(calls, 'POST /api/users/register')).toEqual([]);
  });

  it('silently stops the submit when the availability check fails', async () => {
    const { calls } = mockApi({
      'POST /api/users/check': () => json({ error: 'down', code: 'error' }, 503),
      'POST /api/users/register': registered,
    });
    renderPage(<SignupPage />, { path: '/signup' });
    await submit(await fill({}));
    await waitFor(() => expect(sentTo(calls, 'POST /api/users/check').length).toBeGreaterThan(0));
    expect(await screen.findByRole('button', { name: 'Sign Up' })).toBeEnabled();
    expect(screen.queryAllByRole('alert')).toEqual([]);
    expect(sentTo(calls, 'POST /api/users/register')).toEqual([]);
  });

  it('says when to try again after too many checks, and registers nothing', async () => {
    const { calls } = mockApi({
      'POST /api/users/check': () => json({ error: messages.rateLimited, code: 'rate_limited' }, 429, { 'retry-after': '45' }),
      'POST /api/users/register': registered,
    });
    renderPage(<SignupPage />, { path: '/signup' });
    await submit(await fill({}));
    expect(await screen.findByText(`${messages.rateLimited} ${tryAgainIn(45)}`)).toHaveAttribute('role', 'alert');
    expect(sentTo(calls, 'POST /api/users/register')).toEqual([]);
  });
});

describe('SignupPage sending', () => {
  it('registers and tells the newcomer how to verify', async () => {
    const { calls } = mockApi({ 'POST /api/users/check': free, 'POST /api/users/register': registered });
    renderPage(<SignupPage />, { path: '/signup' });
    await submit(await fill({}));
    expect(await screen.findByRole('status')).toHaveTextContent(messages.registrationSuccessful);
    expect(sentTo(calls, 'POST /api/users/register')).toEqual([
      { username: 'newbie', email: 'newbie@example.com', password: 'a long pass phrase' },
    ]);
    expect(screen.getByText(/check your email/i)).toHaveTextContent('newbie@example.com');
    expect(screen.getByText(/junk or spam folder/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: appConfig.links.contactEmail })).toHaveAttribute(
      'href',
      `mailto:${appConfig.links.contactEmail}`,
    );
    expect(screen.getByText(/verified within 48-72hrs/)).toHaveTextContent('sign up again');
    expect(screen.queryByRole('button', { name: 'Sign Up' })).toBeNull();
    // A lost mail: a new link, for the address just used (passed along to the page that asks).
    await userEvent.setup().click(screen.getByRole('link', { name: 'Resend verification email' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/resend-verification');
    expect(window.history.state).toEqual({ email: 'newbie@example.com' });
  });

  it("puts the server's field message next to its field, and says registration failed otherwise", async () => {
    let status = 409;
    mockApi({
      'POST /api/users/check': free,
      'POST /api/users/register': () =>
        status === 409 ? json({ error: messages.emailTaken, code: 'email_taken' }, 409) : json({ error: 'boom', code: 'internal' }, 500),
    });
    renderPage(<SignupPage />, { path: '/signup' });
    const user = await fill({});
    await submit(user);
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(messages.emailTaken));
    status = 500;
    await submit(user);
    expect(await screen.findByText(messages.registrationFailed)).toHaveAttribute('role', 'alert');
  });

  it('says when to try again after too many sign-ups, below the sign-up message', async () => {
    mockApi({
      'POST /api/users/check': free,
      'POST /api/users/register': () => json({ error: messages.rateLimited, code: 'rate_limited' }, 429, { 'retry-after': '3600' }),
    });
    renderPage(<SignupPage />, { path: '/signup' });
    await submit(await fill({}));
    expect(await screen.findByText(`${messages.registrationFailed} ${tryAgainIn(3600)}`)).toHaveAttribute('role', 'alert');
  });

  it('reads Processing... while it works', async () => {
    let answer: (r: Response) => void = () => undefined;
    mockApi({ 'POST /api/users/check': free, 'POST /api/users/register': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderPage(<SignupPage />, { path: '/signup' });
    await submit(await fill({}));
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    answer(json({ message: messages.registrationSuccessful, user_id: 9 }, 201));
    expect(await screen.findByRole('status')).toHaveTextContent(messages.registrationSuccessful);
  });

  it('opens the Terms and Conditions and the Privacy Policy in pop-ups', async () => {
    mockApi({});
    renderPage(<SignupPage />, { path: '/signup' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Read the Terms and Conditions' }));
    const terms = screen.getByRole('dialog', { name: 'Terms and Conditions' });
    expect(within(terms).getByText(/laws of Australia/)).toBeInTheDocument();
    await user.click(within(terms).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Read the Privacy Policy' }));
    expect(within(screen.getByRole('dialog', { name: 'Privacy Policy' })).getByText(/1 January 2024/)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
