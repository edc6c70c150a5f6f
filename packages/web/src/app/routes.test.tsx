import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/fake-api';
import { renderPage } from '../test/render-page';
import { AppRoutes } from './routes';

const at = (path: string) => renderPage(<AppRoutes />, { path, route: '*' });

describe('the route tables', () => {
  it('find the pages of the second table (account recovery) when the main one has no route', async () => {
    mockApi({});
    at('/forgot-password');
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot Password' })).toBeInTheDocument();
  });

  it('pass the reset token of the path to its page', async () => {
    mockApi({});
    at('/reset-password/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
  });

  it('send a visitor from the protected pages of the second table to /login', async () => {
    mockApi({});
    at('/my-submissions');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(window.history.state).toEqual({ from: '/my-submissions' });
  });

  it('show the not-found page for a path neither table has', async () => {
    mockApi({});
    at('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
  });
});
