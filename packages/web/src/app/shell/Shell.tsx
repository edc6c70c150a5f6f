import type { ReactNode } from 'react';
import { messages } from '@filmlist/shared/messages';
import { PageLoadBoundary } from '../../components/PageLoadBoundary';
import { useAuth } from '../../lib/auth';
import { useLocation } from '../../lib/router';
import { Footer } from './Footer';
import { Header } from './Header';

/**
 * Header, main content and footer. "Refreshing page..." shows while a stored
 * session is restored (docs/product.md §Navigation and shell, at most 1 s), as a status line over the page
 * rather than instead of it: the list's rows stay in the first paint (§Loading the list).
 */
export function Shell({ children }: { children: ReactNode }) {
  const { restoring } = useAuth();
  const { pathname } = useLocation();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        {restoring && (
          <p className="refreshing" role="status">
            {messages.refreshingPage}
          </p>
        )}
        <PageLoadBoundary resetKey={pathname}>{children}</PageLoadBoundary>
      </main>
      <Footer />
    </>
  );
}
