import type { ReactNode } from 'react';
import { Navigate, useLocation } from '../lib/router';
import { useAuth } from '../lib/auth';

/** Protected routes send a visitor to /login (docs/product.md §Member screens), remembering where they were going. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return children;
}
