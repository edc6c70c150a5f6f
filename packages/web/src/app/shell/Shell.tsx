import type { ReactNode } from 'react';
import { useAuth } from '../../lib/auth';
import { Footer } from './Footer';
import { Header } from './Header';

/** Header, main content and footer; "Refreshing page..." while a stored session is restored. */
export function Shell({ children }: { children: ReactNode }) {
  const { restoring } = useAuth();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        {restoring ? (
          <p className="refreshing" role="status">
            Refreshing page...
          </p>
        ) : (
          children
        )}
      </main>
      <Footer />
    </>
  );
}
