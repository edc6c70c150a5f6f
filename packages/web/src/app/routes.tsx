import { lazy, Suspense, type ReactNode } from 'react';
import { PAGES } from '@filmlist/shared/pages';
import { Navigate, Routes, useLocation, type PageRoute } from '../lib/router';
import { useAuth } from '../lib/auth';
import { preloadable } from '../lib/preloadable';
import { FilmPagePreview } from './FilmPagePreview';
import { RequireAuth } from './RequireAuth';

// Every page is its own chunk: the first load carries only the shell and the page it shows.
// The list's two pages can be loaded before the first render (preloadFirstPage).
const HomePage = preloadable(() => import('../features/films/components/HomePage'));
const DashboardPage = preloadable(() => import('../features/films/components/DashboardPage'));
// A film's page can be loaded once the list is on screen (preloadFilmPage).
const FilmDetailsPage = preloadable(() => import('../features/films/components/FilmDetailsPage'));
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
// A film's page opened from the list shows what the list knows while its code loads.
const filmPage = (element: ReactNode) => <Suspense fallback={<FilmPagePreview />}>{element}</Suspense>;

function Home() {
  const { isAuthenticated } = useAuth();
  // A member who opens a shared search (/?q=fall) gets the same search on their list.
  const { search } = useLocation();
  return isAuthenticated ? <Navigate to={`${PAGES.dashboard}${search}`} replace /> : page(<HomePage />);
}

const routes: PageRoute[] = [
  { path: PAGES.home, element: <Home /> },
  { path: PAGES.about, element: page(<AboutPage />) },
  {
    path: PAGES.privateFilm,
    element: filmPage(
      <RequireAuth>
        <FilmDetailsPage private />
      </RequireAuth>,
    ),
  },
  { path: PAGES.film, element: filmPage(<FilmDetailsPage private={false} />) },
  { path: PAGES.login, element: page(<LoginPage />) },
  { path: PAGES.signup, element: page(<SignupPage />) },
  { path: PAGES.verification, element: page(<VerificationPage />) },
  { path: PAGES.logout, element: page(<LogoutPage />) },
  { path: PAGES.accountDeleted, element: page(<AccountDeletedPage />) },
  { path: PAGES.terms, element: page(<TermsPage />) },
  { path: PAGES.privacy, element: page(<PrivacyPage />) },
  { path: PAGES.dashboard, element: member(<DashboardPage />) },
  { path: PAGES.addFilm, element: member(<AddFilmPage />) },
  { path: PAGES.myProfile, element: member(<MyProfilePage />) },
  { path: PAGES.reviewQueue, element: member(<ReviewQueuePage />) },
  { path: PAGES.reviewerForm, element: member(<MasterAddFilmPage />) },
  { path: '*', element: page(<OnDemandRoutes page={page} member={member} />) },
];

/**
 * Loads the page the first render of `pathname` shows, when it is one of the
 * list's pages, so that render paints the rows rather than "Loading..."
 * (docs/product.md §Loading the list). The entry script awaits it; the build preloads these chunks
 * alongside the entry, so the wait is short.
 */
export function preloadFirstPage(pathname: string, signedIn: boolean): Promise<void> {
  if (signedIn && (pathname === '/' || pathname === '/dashboard')) return DashboardPage.preload();
  if (!signedIn && pathname === '/') return HomePage.preload();
  return Promise.resolve();
}

/**
 * Loads a film's page ahead, once the list (`PAGES.home`, `PAGES.dashboard`) is on screen: a tap on a film then renders its page at once and asks for
 * its standing at once. Loaded on the tap, the page waited for its code, and React held it back up to 300 ms more
 * before it asked (an outside tester saw the standing's placeholder for 300 to 600 ms).
 */
export function preloadFilmPage(pathname: string): Promise<void> {
  return pathname === PAGES.home || pathname === PAGES.dashboard ? FilmDetailsPage.preload() : Promise.resolve();
}

/**
 * The route table (docs/product.md §Screens); account recovery, My Submissions,
 * a film's edit page and the not-found page are in on-demand-routes.tsx.
 */
export function AppRoutes() {
  return <Routes routes={routes} />;
}
