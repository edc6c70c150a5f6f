import type { ReactNode } from 'react';
import type { EndedSession } from '../lib/auth';

/**
 * Why a member is no longer signed in: the server ended their stored session
 * (docs/product.md §Sessions and tokens). Its way on (`children`) is the page's own: Login offers the
 * list, the list offers Login.
 */
export function SessionEndedNotice({ ended, children }: { ended: EndedSession | null; children: ReactNode }) {
  if (!ended) return null;
  return (
    <div className="session-ended" role="status">
      <p>{ended.message}</p>
      <p>{children}</p>
    </div>
  );
}
