import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, signIn } from '../../test/render-page';
import { Header } from './Header';

const names = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

const renderHeader = () => renderPage(<Header />);

const session = (isReviewer: boolean) => signIn({ user_id: 1, username: 'ann', isReviewer });

describe('Header', () => {
  it('shows the visitor navigation (docs/product.md §Navigation and shell)', () => {
    renderHeader();
    expect(names()).toEqual(['Home', 'About', 'Coffee', 'Shop', 'Login', 'Sign Up']);
  });

  it('shows the member navigation (with My Submissions beside +Film), and Review only to reviewers', () => {
    session(false);
    renderHeader();
    expect(names()).toEqual(['Home', 'About', '+Film', 'Watchlist', 'My Submissions', 'My Profile', 'Coffee', 'Shop', 'Logout']);
  });

  it('adds Review for a reviewer', () => {
    session(true);
    renderHeader();
    expect(names()).toContain('Review');
  });
});

describe('the Menu button (below 640 px, styles.css)', () => {
  it('discloses the navigation, and folds it again on a link or Escape', async () => {
    const user = userEvent.setup();
    // Mounted on every path, so the header stays when a link is followed.
    renderPage(<Header />, { route: '*' });
    const menu = screen.getByRole('button', { name: 'Menu' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveAttribute('aria-controls', nav.id);
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(nav).toHaveClass('open');
    await user.click(within(nav).getByRole('link', { name: 'About' }));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await user.click(menu);
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
});
