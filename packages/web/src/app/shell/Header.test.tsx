import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuthProvider } from '../../lib/auth';
import { Router } from '../../lib/router';
import { writeSession } from '../../lib/session-storage';
import { Header } from './Header';

const names = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

function renderHeader() {
  render(
    <Router>
      <AuthProvider>
        <Header />
      </AuthProvider>
    </Router>,
  );
}

const session = (isReviewer: boolean) =>
  writeSession({
    accessToken: 'a',
    accessTokenExpiration: Date.now() + 60_000,
    refreshToken: 'r',
    user: { user_id: 1, username: 'ann', verified: true, isReviewer },
  });

describe('Header', () => {
  it('shows the visitor navigation of SPEC §2', () => {
    renderHeader();
    expect(names()).toEqual(['Home', 'About', 'Coffee', 'Shop', 'Login', 'Sign Up']);
  });

  it('shows the member navigation, and Review only to reviewers', () => {
    session(false);
    renderHeader();
    expect(names()).toEqual(['Home', 'About', '+Film', 'My Profile', 'Coffee', 'Shop', 'Logout']);
  });

  it('adds Review for a reviewer', () => {
    session(true);
    renderHeader();
    expect(names()).toContain('Review');
  });
});
