import type { ReactNode } from 'react';

/** A link to another site, in a new tab, without giving that site a handle on this page. */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
