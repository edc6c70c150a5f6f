/**
 * Every key of the server-state cache, in one place: a write in one feature
 * says which answers of another feature it makes stale.
 */
export const queryKeys = {
  /** every answer about films: the list, each film, the duplicate checks */
  films: ['films'],
  filmList: ['films', 'list'],
  /** the list's first films written into the page, until the list is in (kept apart: nothing refreshes them) */
  firstFilms: ['first-films'],
  filmDetails: (slug: string) => ['films', 'details', slug],
  /** every film's standing (docs/product.md §Standing), each by its slug */
  filmStandings: ['films', 'standing'],
  filmStanding: (slug: string) => ['films', 'standing', slug],
  /** the shelf of new films that need answers (docs/product.md §New films), a member's own or a visitor's */
  newFilms: (userId: number | null) => ['films', 'new', userId],
  allNewFilms: ['films', 'new'],
  filmExists: (title: string, releaseYear: string) => ['films', 'exists', title, releaseYear],
  /** the film database's candidates for a typed title (and year, '' when none) */
  filmLookup: (query: string, year: string) => ['films', 'lookup', query, year],
  /** one film database entry, as a reviewer checks a link */
  filmEntry: (tmdbId: number) => ['films', 'entry', tmdbId],
  /** all that is cached about the signed-in member */
  member: ['me'],
  memberVotes: (userId: number | null) => ['me', userId, 'votes'],
  /** the member's films to watch later (docs/product.md §Watchlist) */
  watchlist: (userId: number | null) => ['me', userId, 'watchlist'],
  mySubmissions: (userId: number | null) => ['me', userId, 'submissions'],
  profile: (username: string) => ['users', 'profile', username],
  availability: (username: string, email: string) => ['users', 'availability', username, email],
  verification: (token: string) => ['users', 'verification', token],
  submissions: ['submissions'],
  /** the reviewers' history of decisions, page by page */
  reviewHistory: ['submissions', 'history'],
} as const;
