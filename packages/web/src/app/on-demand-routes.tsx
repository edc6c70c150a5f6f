import { lazy, useMemo, type ReactNode } from 'react';
import { Routes, type RouteDefinition } from '../lib/router';

/*
 * Routes most visits never take. Each route of the main table costs the entry
 * script its lazy import and its preload list, which every first view of /
 * downloads; these are loaded only when no route of the main table matches.
 */
const ForgotPasswordPage = lazy(() => import('../features/auth/components/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/components/ResetPasswordPage'));
const ResendVerificationPage = lazy(() => import('../features/auth/components/ResendVerificationPage'));
const MySubmissionsPage = lazy(() => import('../features/submissions/components/MySubmissionsPage'));
const EditFilmPage = lazy(() => import('../features/submissions/components/EditFilmPage'));
const NotFoundPage = lazy(() => import('../features/pages/components/NotFoundPage'));

type Wrap = (element: ReactNode) => ReactNode;

interface OnDemandRoutesProps {
  /** the main table's wrappers: a lazy page, and a protected one */
  page: Wrap;
  member: Wrap;
}

/**
 * The second route table, for what the main one (routes.tsx) sends to its
 * '*' route. It takes the main table's page wrappers as props: importing
 * RequireAuth here would make the bundler split the entry script into more
 * chunks, and the first view of / heavier.
 */
export default function OnDemandRoutes({ page, member }: OnDemandRoutesProps) {
  const routes = useMemo<RouteDefinition[]>(
    () => [
      // Account recovery (PRODUCT.md §11)
      { path: '/forgot-password', element: page(<ForgotPasswordPage />) },
      { path: '/reset-password/:token', element: page(<ResetPasswordPage />) },
      { path: '/resend-verification', element: page(<ResendVerificationPage />) },
      // A member's own contributions, and a reviewer's tools (PRODUCT.md §11)
      { path: '/my-submissions', element: member(<MySubmissionsPage />) },
      { path: '/master/films/:slug/edit', element: member(<EditFilmPage />) },
      { path: '*', element: page(<NotFoundPage />) },
    ],
    [page, member],
  );
  return <Routes routes={routes} />;
}
