import { StrictMode } from 'react';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@filmlist/shared/messages';
import { appConfig } from '../../../lib/app-config';
import { fakeApi, json, renderPage } from '../../../test/pages';
import VerificationPage from './VerificationPage';

afterEach(() => vi.restoreAllMocks());

const pattern = '/verification/:token';

describe('VerificationPage', () => {
  it('verifies once, even under StrictMode, and offers a login link', async () => {
    const api = fakeApi({ 'GET /api/users/verification/good-token': () => json({ success: true, message: messages.verificationSucceeded }) });
    renderPage(
      <StrictMode>
        <VerificationPage />
      </StrictMode>,
      '/verification/good-token',
      { pattern },
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Email Verification Status');
    expect(await screen.findByRole('link', { name: /log in/i })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('status')).toHaveTextContent(messages.verificationSucceeded);
    expect(api).toHaveBeenCalledTimes(1);
  });

  it('says verification failed, with a contact link', async () => {
    fakeApi({ 'GET /api/users/verification/used-token': () => json({ success: false, error: messages.verificationFailed, code: 'verification_failed' }, 400) });
    renderPage(<VerificationPage />, '/verification/used-token', { pattern });
    expect(await screen.findByText(messages.verificationFailed)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', `mailto:${appConfig.links.contactEmail}`);
    expect(screen.queryByRole('link', { name: /log in/i })).toBeNull();
  });
});
