import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render-page';
import AboutPage from './AboutPage';
import NotFoundPage from './NotFoundPage';
import PrivacyPage from './PrivacyPage';
import TermsPage from './TermsPage';

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
});
