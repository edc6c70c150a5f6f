import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serverMessages } from '@filmlist/shared/messages';
import { json, mockApi, sentTo } from '../../../test/fake-api';
import { renderPage } from '../../../test/render-page';
import ResendVerificationPage from './ResendVerificationPage';

describe('ResendVerificationPage', () => {
  it('asks for the address (filled in when the sign-up page passed it along) and says the server message', async () => {
    const { calls } = mockApi({ 'POST /api/users/resend-verification': () => json({ message: serverMessages.verificationResent }) });
    const user = userEvent.setup();
    renderPage(<ResendVerificationPage />, { path: '/resend-verification', state: { email: 'newbie@example.com' } });
    expect(document.title).toBe('Resend Verification Email | The Film List');
    expect(screen.getByLabelText('Email')).toHaveValue('newbie@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(await screen.findByRole('status')).toHaveTextContent(serverMessages.verificationResent);
    expect(sentTo(calls, 'POST /api/users/resend-verification')).toEqual([{ email: 'newbie@example.com' }]);
  });

  it('starts empty when opened directly', () => {
    mockApi({});
    renderPage(<ResendVerificationPage />, { path: '/resend-verification' });
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });
});
