/** The product's constants (docs/product.md cites them by name), defined once. */
export const SITE_NAME = 'The Film List';

export const RATING_MIN = 1;
export const RATING_MAX = 10;
/** A rating at or above this opens the share prompt. */
export const SHARE_PROMPT_RATING = 7;

export const ACCESS_TOKEN_TTL_MS = 15 * 60 * 1000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const VERIFICATION_TTL_MS = 72 * 60 * 60 * 1000;
/** A password reset link works for an hour, once (docs/product.md §Account recovery). */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/** The client checks token expiry this often (docs/product.md §Sessions and tokens). */
export const TOKEN_CHECK_INTERVAL_MS = 1_800_000;
export const COPY_CONFIRMATION_MS = 3000;
export const LOGOUT_REDIRECT_MS = 1000;
export const REFRESHING_PAGE_MAX_MS = 1000;
export const TRAILER_POPUP = { width: 600, height: 400 } as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const USERNAME_MAX = 30;
export const EMAIL_MAX = 254;
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 1000;
export const WATCH_LINK_MAX = 2000;
export const REJECT_REASON_MAX = 1000;
/** The "Why is it undervalued?" note (docs/product.md §Recommendation note). */
export const NOTE_MAX = 280;
export const YEAR_MIN = 1870;
/** Films may be listed up to a year ahead of their release. */
export function yearMax(now: Date = new Date()): number {
  return now.getUTCFullYear() + 1;
}

export const MAX_PENDING_SUBMISSIONS = 20;

export const FILTERS = ['all', 'notRated', 'notMentioned', 'notHeardBefore'] as const;
export type Filter = (typeof FILTERS)[number];

/**
 * How many of the ranked list's first films the server writes into the page
 * itself, so they are in the first paint (the rest arrives after it).
 */
export const FIRST_VIEW_FILMS = 50;

/** A member's watchlist holds at most this many films (docs/product.md §Watchlist). */
export const WATCHLIST_MAX = 5000;

/**
 * The shelf "New on the list: help rank these": films added to the list in the
 * last NEW_FILM_DAYS days with fewer than NEW_FILM_ANSWERS_BELOW answers
 * (N + H + R), at most NEW_FILMS_SHELF of them.
 */
export const NEW_FILM_DAYS = 30;
export const NEW_FILM_ANSWERS_BELOW = 10;
export const NEW_FILMS_SHELF = 6;
