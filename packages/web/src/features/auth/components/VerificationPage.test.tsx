import { StrictMode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages, tryAgainIn } from '@filmlist/shared/messages';
import { appConfig } from '../../../lib/app-config';
import { json, mockApi, networkError } from '../../../test/fake-api';
import { renderPage } from '../../../test/render-page';
import VerificationPage from './VerificationPage';

afterEach(() => vi.restoreAllMocks());

const pattern = '/verification/:token';

describe('VerificationPage', () => {
  it('verifies once, even under StrictMode, and offers a login link', async () => {
    const { calls } = mockApi({
      'GET /api/users/verification/good-token': () => json({ success: true, message: messages.verificationSucceeded }),
    });
    renderPage(
      <StrictMode>
        <VerificationPage />
      </StrictMode>,
      { path: '/verification/good-token', route: pattern },
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Email Verification Status');
    expect(await screen.findByRole('link', { name: /log in/i })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('status')).toHaveTextContent(messages.verificationSucceeded);
    expect(calls).toHaveLength(1);
  });

  it('says verification failed, with a contact link and a way to a new link', async () => {
    mockApi({
      'GET /api/users/verification/used-token': () =>
        json({ success: false, error: messages.verificationFailed, code: 'verification_failed' }, 400),
    });
    renderPage(<VerificationPage />, { path: '/verification/used-token', route: pattern });
    expect(await screen.findByText(messages.verificationFailed)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', `mailto:${appConfig.links.contactEmail}`);
    expect(screen.getByRole('link', { name: 'Resend verification email' })).toHaveAttribute('href', '/resend-verification');
    expect(screen.queryByRole('link', { name: /log in/i })).toBeNull();
  });

  it('says an account verified before is already verified, and offers login', async () => {
    mockApi({
      'GET /api/users/verification/used-token': () => json({ success: true, alreadyVerified: true, message: messages.alreadyVerified }),
    });
    renderPage(<VerificationPage />, { path: '/verification/used-token', route: pattern });
    expect(await screen.findByText(messages.alreadyVerified)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /log in/i })).toHaveAttribute('href', '/login');
    expect(screen.queryByText(messages.verificationFailed)).toBeNull();
  });

  it('says when the link could not be checked, and tries again on request', async () => {
    let answer = () => json({ error: messages.rateLimited, code: 'rate_limited' }, 429, { 'retry-after': '20' });
    const { calls } = mockApi({ 'GET /api/users/verification/new-token': () => answer() });
    renderPage(<VerificationPage />, { path: '/verification/new-token', route: pattern });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.verificationUnreachable);
    expect(alert).toHaveTextContent(tryAgainIn(20));
    // Nothing is said about the link itself.
    expect(screen.queryByText(messages.verificationFailed)).toBeNull();

    answer = networkError;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('alert')).not.toHaveTextContent('try again in'));
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();

    answer = () => json({ success: true, message: messages.verificationSucceeded });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(messages.verificationSucceeded)).toBeInTheDocument();
    expect(calls).toHaveLength(3);
  });
});
