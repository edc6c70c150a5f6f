import { toWellFormedText } from './well-formed.js';

/**
 * Every page of the web app, as its route tables name them
 * (docs/product.md §Screens). The web app routes only these; the server answers them 200 and
 * any other path 404, with the app, which shows its not-found page.
 */
export const PAGES = {
  home: '/',
  about: '/about',
  privateFilm: '/films/private/:filmDetails',
  film: '/films/:filmDetails',
  login: '/login',
  signup: '/signup',
  verification: '/verification/:token',
  logout: '/logout',
  accountDeleted: '/account-deleted',
  terms: '/terms-conditions',
  privacy: '/privacy-policy',
  dashboard: '/dashboard',
  addFilm: '/addfilm',
  myProfile: '/myprofile',
  reviewQueue: '/master',
  reviewerForm: '/master/addfilm/:title/:release_year/:description/:user_id',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password/:token',
  resendVerification: '/resend-verification',
  mySubmissions: '/my-submissions',
  watchlist: '/watchlist',
  editFilm: '/master/films/:slug/edit',
} as const;

export type PagePath = (typeof PAGES)[keyof typeof PAGES];

/** The params of `pattern` in `pathname`, or null. Segments are URL-decoded; a trailing slash is ignored. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  if (pattern === '*') return {};
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const w = want[i] ?? '';
    const h = have[i] ?? '';
    if (w.startsWith(':')) {
      try {
        params[w.slice(1)] = decodeURIComponent(h);
      } catch {
        return null;
      }
    } else if (w !== h) return null;
  }
  return params;
}

/**
 * The path of the page `pattern` names with its params filled in, each one segment, URL-encoded (the
 * inverse of matchPath). A lone surrogate, which encodeURIComponent throws on, becomes U+FFFD, so
 * building a link never fails. Every link to a page, on the server (mail) and in the app, is built here.
 */
export function pagePath(pattern: PagePath, params: Record<string, string | number> = {}): string {
  return pattern.replace(/:([a-z_]+)/gi, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`pagePath: no ${name} for ${pattern}`);
    return encodeURIComponent(toWellFormedText(String(value)));
  });
}

/** Whether a path is one of the web app's pages. */
export const isPage = (pathname: string): boolean => Object.values(PAGES).some((pattern) => matchPath(pattern, pathname) !== null);
