import { lazy, useMemo, type ReactNode } from 'react';
import { PAGES } from '@filmlist/shared/pages';
import { Routes, type PageRoute } from '../lib/router';

/*
 * Routes most visits never take. Each route of the main table costs the entry
 * script its lazy import and its preload list, which every first view of /
 * downloads; these are loaded only when no route of the main table matches.
 */
const ForgotPasswordPage = lazy(() => import('../features/auth/components/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/components/ResetPasswordPage'));
const ResendVerificationPage = lazy(() => import('../features/auth/components/ResendVerificationPage'));
const MySubmissionsPage = lazy(() => import('../features/submissions/components/MySubmissionsPage'));
const WatchlistPage = lazy(() => import('../features/films/components/WatchlistPage'));
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
  const routes = useMemo<PageRoute[]>(
    () => [
      // Account recovery (docs/product.md §Account recovery)
      { path: PAGES.forgotPassword, element: page(<ForgotPasswordPage />) },
      { path: PAGES.resetPassword, element: page(<ResetPasswordPage />) },
      { path: PAGES.resendVerification, element: page(<ResendVerificationPage />) },
      // A member's own contributions and watchlist, and a reviewer's tools (§Member screens, §Watchlist, §Reviewer tools)
      { path: PAGES.mySubmissions, element: member(<MySubmissionsPage />) },
      { path: PAGES.watchlist, element: member(<WatchlistPage />) },
      { path: PAGES.editFilm, element: member(<EditFilmPage />) },
      { path: '*', element: page(<NotFoundPage />) },
    ],
    [page, member],
  );
  return <Routes routes={routes} />;
}
