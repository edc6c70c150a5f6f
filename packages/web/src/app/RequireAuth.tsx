import type { ReactNode } from 'react';
import { PAGES } from '@filmlist/shared/pages';
import { Navigate, useLocation } from '../lib/router';
import { sessionEnded, useAuth } from '../lib/auth';

/**
 * Protected routes send a visitor to /login (docs/product.md §Member screens), remembering where they were
 * going. A member whose stored session the server has just ended, on their own list, keeps the list: the
 * public one, which says why (docs/product.md §Sessions and tokens).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  if (!isAuthenticated) {
    if (sessionEnded() && location.pathname === PAGES.dashboard) return <Navigate to={`${PAGES.home}${location.search}`} replace />;
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  }
  return children;
}
