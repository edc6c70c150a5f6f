import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Routes, type RouteDefinition } from '../lib/router';
import { useAuth } from '../lib/auth';
import { preloadable } from '../lib/preloadable';
import { RequireAuth } from './RequireAuth';

// Every page is its own chunk: the first load carries only the shell and the page it shows.
// The list's two pages can be loaded before the first render (preloadFirstPage).
const HomePage = preloadable(() => import('../features/films/components/HomePage'));
const DashboardPage = preloadable(() => import('../features/films/components/DashboardPage'));
const FilmDetailsPage = lazy(() => import('../features/films/components/FilmDetailsPage'));
const LoginPage = lazy(() => import('../features/auth/components/LoginPage'));
const SignupPage = lazy(() => import('../features/auth/components/SignupPage'));
const VerificationPage = lazy(() => import('../features/auth/components/VerificationPage'));
const LogoutPage = lazy(() => import('../features/auth/components/LogoutPage'));
const AccountDeletedPage = lazy(() => import('../features/auth/components/AccountDeletedPage'));
const MyProfilePage = lazy(() => import('../features/profile/components/MyProfilePage'));
const AddFilmPage = lazy(() => import('../features/submissions/components/AddFilmPage'));
const ReviewQueuePage = lazy(() => import('../features/submissions/components/ReviewQueuePage'));
const MasterAddFilmPage = lazy(() => import('../features/submissions/components/MasterAddFilmPage'));
const AboutPage = lazy(() => import('../features/pages/components/AboutPage'));
const TermsPage = lazy(() => import('../features/pages/components/TermsPage'));
const PrivacyPage = lazy(() => import('../features/pages/components/PrivacyPage'));
// Every other path, and the not-found page, is in a table of its own (on-demand-routes.tsx).
const OnDemandRoutes = lazy(() => import('./on-demand-routes'));

const page = (element: ReactNode) => <Suspense fallback={<p className="page-loading">Loading...</p>}>{element}</Suspense>;
const member = (element: ReactNode) => page(<RequireAuth>{element}</RequireAuth>);

function Home() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <Navigate to="/dashboard" replace /> : page(<HomePage />);
}

const routes: RouteDefinition[] = [
  { path: '/', element: <Home /> },
  { path: '/about', element: page(<AboutPage />) },
  { path: '/films/private/:filmDetails', element: member(<FilmDetailsPage private />) },
  { path: '/films/:filmDetails', element: page(<FilmDetailsPage private={false} />) },
  { path: '/login', element: page(<LoginPage />) },
  { path: '/signup', element: page(<SignupPage />) },
  { path: '/verification/:token', element: page(<VerificationPage />) },
  { path: '/logout', element: page(<LogoutPage />) },
  { path: '/account-deleted', element: page(<AccountDeletedPage />) },
  { path: '/terms-conditions', element: page(<TermsPage />) },
  { path: '/privacy-policy', element: page(<PrivacyPage />) },
  { path: '/dashboard', element: member(<DashboardPage />) },
  { path: '/addfilm', element: member(<AddFilmPage />) },
  { path: '/myprofile', element: member(<MyProfilePage />) },
  { path: '/master', element: member(<ReviewQueuePage />) },
  { path: '/master/addfilm/:title/:release_year/:description/:user_id', element: member(<MasterAddFilmPage />) },
  { path: '*', element: page(<OnDemandRoutes page={page} member={member} />) },
];

/**
 * Loads the page the first render of `pathname` shows, when it is one of the
 * list's pages, so that render paints the rows rather than "Loading..."
 * (issue 14). The entry script awaits it; the build preloads these chunks
 * alongside the entry, so the wait is short.
 */
export function preloadFirstPage(pathname: string, signedIn: boolean): Promise<void> {
  if (signedIn && (pathname === '/' || pathname === '/dashboard')) return DashboardPage.preload();
  if (!signedIn && pathname === '/') return HomePage.preload();
  return Promise.resolve();
}

/**
 * The route table of SPEC §2, plus the review queue at /master (PRODUCT.md §6);
 * the pages of PRODUCT.md §11 and the not-found page are in on-demand-routes.tsx.
 */
export function AppRoutes() {
  return <Routes routes={routes} />;
}
