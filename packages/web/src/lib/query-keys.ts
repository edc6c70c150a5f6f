/**
 * Every key of the server-state cache, in one place: a write in one feature
 * says which answers of another feature it makes stale.
 */
export const queryKeys = {
  /** every answer about films: the list, each film, the duplicate checks */
  films: ['films'],
  filmList: ['films', 'list'],
  filmDetails: (slug: string) => ['films', 'details', slug],
  /** every film's standing (issue 13), each by its slug */
  filmStandings: ['films', 'standing'],
  filmStanding: (slug: string) => ['films', 'standing', slug],
  filmExists: (title: string, releaseYear: string) => ['films', 'exists', title, releaseYear],
  /** all that is cached about the signed-in member */
  member: ['me'],
  memberVotes: (userId: number | null) => ['me', userId, 'votes'],
  mySubmissions: (userId: number | null) => ['me', userId, 'submissions'],
  profile: (username: string) => ['users', 'profile', username],
  availability: (username: string, email: string) => ['users', 'availability', username, email],
  verification: (token: string) => ['users', 'verification', token],
  submissions: ['submissions'],
  /** the reviewers' history of decisions, page by page */
  reviewHistory: ['submissions', 'history'],
} as const;
