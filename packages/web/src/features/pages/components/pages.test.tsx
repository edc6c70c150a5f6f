import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '@filmlist/shared/messages';
import { appConfig } from '../../../lib/app-config';
import { renderPage, signIn } from '../../../test/render-page';
import AboutPage from './AboutPage';
import NotFoundPage from './NotFoundPage';
import PrivacyPage from './PrivacyPage';
import TermsPage from './TermsPage';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('information pages', () => {
  it('About says when the platform was founded, what may be recommended and how the list works', () => {
    renderPage(<AboutPage />, { path: '/about' });
    expect(document.title).toBe('About | The Film List');
    expect(screen.getByText(/founded in 2023/)).toBeInTheDocument();
    expect(screen.getByText(/any film that is not already on the list/)).toHaveTextContent('as many recommendations as you wish');
    expect(screen.getByText(/fall down the list/)).toBeInTheDocument();
    for (const term of ['N: not heard before', 'H: heard before, not rated', 'R: ratings', 'S: sum of ratings']) {
      expect(screen.getByText(term)).toBeInTheDocument();
    }
  });

  it('About credits TMDB in its own words, and JustWatch with a link to it, only while the film database is on', () => {
    const off = renderPage(<AboutPage />, { path: '/about' });
    expect(screen.queryByText(messages.tmdbCredit, { exact: false })).toBeNull();
    expect(screen.queryByRole('link', { name: 'JustWatch' })).toBeNull();
    off.unmount();
    appConfig.filmDatabase = true;
    try {
      renderPage(<AboutPage />, { path: '/about' });
      const section = screen.getByRole('heading', { name: 'Film data' }).parentElement;
      if (!section) throw new Error('no Film data section');
      expect(section).toHaveTextContent(messages.tmdbCredit);
      expect(section).toHaveTextContent(messages.justWatchCredit);
      expect(within(section).getByRole('link', { name: 'TMDB' })).toHaveAttribute('href', 'https://www.themoviedb.org/');
      expect(within(section).getByRole('link', { name: 'JustWatch' })).toHaveAttribute('href', 'https://www.justwatch.com/');
    } finally {
      appConfig.filmDatabase = false;
    }
  });

  it('the Terms and the Privacy Policy are governed by the laws of Australia', () => {
    const terms = renderPage(<TermsPage />, { path: '/terms-conditions' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Terms and Conditions');
    expect(screen.getByText(/governed by the laws of Australia/)).toBeInTheDocument();
    terms.unmount();
    renderPage(<PrivacyPage />, { path: '/privacy-policy' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Privacy Policy');
    expect(screen.getByText(/last updated on 1 January 2024/)).toBeInTheDocument();
    expect(screen.getByText(/governed by the laws of Australia/)).toBeInTheDocument();
    for (const stored of ['Your account:', 'Your votes:', 'Watch clicks:', 'Mail:']) expect(screen.getByText(stored)).toBeInTheDocument();
  });

  it('an unknown path says so and links home', () => {
    renderPage(<NotFoundPage />, { path: '/no-such-page' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page Not Found');
    expect(screen.getByRole('link', { name: /home page/ })).toHaveAttribute('href', '/');
  });

  it("an unknown path offers a search of the list, which goes to the list's own search", async () => {
    renderPage(<NotFoundPage />, { path: '/no-such-page' });
    const search = screen.getByRole('search');
    await userEvent.setup().type(within(search).getByLabelText('Search The Film List by title'), '  In Bruges {Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(window.location.search).toBe('?q=in+bruges');
  });

  it("for a member, the search goes to the member's list", async () => {
    signIn();
    renderPage(<NotFoundPage />, { path: '/no-such-page' });
    await userEvent.setup().type(screen.getByLabelText('Search The Film List by title'), 'fall{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
    expect(window.location.search).toBe('?q=fall');
  });
});
