import type { RefreshAnswer } from '@filmlist/shared/api/auth';
import type {
  AddedFilm,
  Film,
  FilmDetail,
  FilmFacts,
  ListedFilm,
  Recommendation,
  SubmissionDetail,
  WatchOfferKind,
  WhereToWatch,
} from '@filmlist/shared/api/films';
import type { EntryAnswer, FilmDatabaseEntry, ListedRef, LookupAnswer, LookupCandidate } from '@filmlist/shared/api/lookup';
import type { MyExport, MySubmission } from '@filmlist/shared/api/me';
import type { AuditEntry } from '@filmlist/shared/api/reviewers';
import type { StandingDetail } from '@filmlist/shared/api/standing';
import type { LoginAnswer, PublicUser } from '@filmlist/shared/api/users';
import type { MyVotes } from '@filmlist/shared/api/votes';
import type { WatchlistAnswer, WatchlistEntry } from '@filmlist/shared/api/watchlist';

/**
 * The one way an answer from the network becomes typed data: every request
 * names one of the decoders below. They are written out by hand rather than
 * with zod, whose cost the 100 KB initial JavaScript budget cannot carry
 * (decision 005). Each returns the shared contract's type, so a field the
 * contract adds or renames fails the type check until it is read here.
 * Each decoder is a plain object, so a page's bundle keeps only those it uses.
 */
export interface Parser<T> {
  parse(value: unknown): T;
}

/** An answer of the wrong shape, saying where: `films[3].score: expected a number`. */
export class DecodeError extends Error {
  constructor(
    readonly path: string,
    readonly expected: string,
  ) {
    super(path ? `${path}: expected ${expected}` : `expected ${expected}`);
  }
}

/** The parsed value, or null for anything else (data that may be anything, such as navigation state). */
export function parseOrNull<T>(parser: Parser<T>, value: unknown): T | null {
  try {
    return parser.parse(value);
  } catch {
    return null;
  }
}

type Read<T> = (value: unknown) => T;
type Fields = Record<string, unknown>;

const mismatch = (expected: string): never => {
  throw new DecodeError('', expected);
};

/** A failure inside `segment` (a key, or `[i]`), with the path above it added; other errors pass as they are. */
function under(error: unknown, segment: string): unknown {
  if (!(error instanceof DecodeError)) return error;
  const rest = error.path === '' || error.path.startsWith('[') ? error.path : `.${error.path}`;
  return new DecodeError(segment + rest, error.expected);
}

const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

const string: Read<string> = (value) => (typeof value === 'string' ? value : mismatch('a string'));
const number: Read<number> = (value) => (typeof value === 'number' && Number.isFinite(value) ? value : mismatch('a number'));
const boolean: Read<boolean> = (value) => (typeof value === 'boolean' ? value : mismatch('a boolean'));
const nullableString: Read<string | null> = (value) => (value === null ? null : string(value));
const nullableNumber: Read<number | null> = (value) => (value === null ? null : number(value));
const fieldsOf: Read<Fields> = (value) => (isFields(value) ? value : mismatch('an object'));

/** `from[key]` read with `read`; a failure names the key. */
function at<T>(from: Fields, key: string, read: Read<T>): T {
  try {
    return read(from[key]);
  } catch (error) {
    throw under(error, key);
  }
}

/** As `at`, for a key the contract marks optional: absent stays absent. */
const optionalAt = <T>(from: Fields, key: string, read: Read<T>): T | undefined =>
  from[key] === undefined ? undefined : at(from, key, read);

function listOf<T>(value: unknown, read: Read<T>): T[] {
  if (!Array.isArray(value)) return mismatch('an array');
  const items: T[] = [];
  for (let i = 0; i < value.length; i++) {
    try {
      items.push(read(value[i]));
    } catch (error) {
      throw under(error, `[${i}]`);
    }
  }
  return items;
}

function recordOf<T>(value: unknown, read: Read<T>): Record<string, T> {
  const entries: Record<string, T> = {};
  for (const [key, item] of Object.entries(fieldsOf(value))) {
    try {
      entries[key] = read(item);
    } catch (error) {
      throw under(error, key);
    }
  }
  return entries;
}

function oneOf<T extends string>(options: readonly T[]): Read<T> {
  return (value) => options.find((option) => option === value) ?? mismatch(options.join(' or '));
}

/** A film as an answer gives it; a film of the ranked list also carries its poster (docs/product.md §Posters), kept when present. */
function readFilm(value: unknown): Film & { poster_url?: string } {
  const f = fieldsOf(value);
  const poster = optionalAt(f, 'poster_url', string);
  const film: Film = {
    film_id: at(f, 'film_id', number),
    title: at(f, 'title', string),
    release_year: at(f, 'release_year', number),
    description: at(f, 'description', string),
    watch_link: at(f, 'watch_link', nullableString),
    slug: at(f, 'slug', string),
    score: at(f, 'score', number),
    n: at(f, 'n', number),
    h: at(f, 'h', number),
    r: at(f, 'r', number),
    s: at(f, 's', number),
  };
  return poster === undefined ? film : { ...film, poster_url: poster };
}

const strings: Read<string[]> = (value) => listOf(value, string);

function readListedFilm(value: unknown): ListedFilm {
  const f = fieldsOf(value);
  return { ...readFilm(f), directors: at(f, 'directors', strings), poster_url: at(f, 'poster_url', string) };
}

const offerKind = oneOf<WatchOfferKind>(['subscription', 'free', 'ads', 'rent', 'buy']);

function readWhereToWatch(value: unknown): WhereToWatch | null {
  if (value === null) return null;
  const w = fieldsOf(value);
  const offer = (v: unknown) => {
    const o = fieldsOf(v);
    return { provider: at(o, 'provider', string), kinds: at(o, 'kinds', (k) => listOf(k, offerKind)) };
  };
  return {
    region: at(w, 'region', string),
    region_name: at(w, 'region_name', string),
    link: at(w, 'link', nullableString),
    offers: at(w, 'offers', (v) => listOf(v, offer)),
  };
}

/** What a film's own answers carry beyond its row (docs/product.md §Film database). */
function readFacts(f: Fields): FilmFacts {
  return {
    tmdb_id: at(f, 'tmdb_id', nullableNumber),
    imdb_id: at(f, 'imdb_id', nullableString),
    original_title: at(f, 'original_title', nullableString),
    runtime: at(f, 'runtime', nullableNumber),
    cast: at(f, 'cast', strings),
    genres: at(f, 'genres', strings),
    countries: at(f, 'countries', strings),
    trailer_key: at(f, 'trailer_key', nullableString),
    where_to_watch: at(f, 'where_to_watch', readWhereToWatch),
  };
}

function readRecommendation(value: unknown): Recommendation {
  if (value === null) return null;
  const r = fieldsOf(value);
  return { note: at(r, 'note', string), by: at(r, 'by', nullableString) };
}

function readFilmDetail(value: unknown): FilmDetail {
  const f = fieldsOf(value);
  return { ...readListedFilm(f), ...readFacts(f), recommendation: at(f, 'recommendation', readRecommendation) };
}

function readListedRef(value: unknown): ListedRef | null {
  if (value === null) return null;
  const l = fieldsOf(value);
  return { film_id: at(l, 'film_id', number), slug: at(l, 'slug', string), title: at(l, 'title', string) };
}

function readLookupCandidate(value: unknown): LookupCandidate {
  const c = fieldsOf(value);
  const listed = readListedRef;
  return {
    tmdb_id: at(c, 'tmdb_id', number),
    title: at(c, 'title', string),
    release_year: at(c, 'release_year', nullableNumber),
    poster_url: at(c, 'poster_url', nullableString),
    directors: at(c, 'directors', strings),
    overview: at(c, 'overview', nullableString),
    listed: at(c, 'listed', listed),
    pending: at(c, 'pending', boolean),
  };
}

function readUser(value: unknown): PublicUser {
  const u = fieldsOf(value);
  const user: PublicUser = { user_id: at(u, 'user_id', number), username: at(u, 'username', string), verified: at(u, 'verified', boolean) };
  const email = optionalAt(u, 'email', string);
  const isReviewer = optionalAt(u, 'isReviewer', boolean);
  const pendingEmail = optionalAt(u, 'pendingEmail', nullableString);
  if (email !== undefined) user.email = email;
  if (isReviewer !== undefined) user.isReviewer = isReviewer;
  if (pendingEmail !== undefined) user.pendingEmail = pendingEmail;
  return user;
}

function readSubmission(value: unknown): SubmissionDetail {
  const s = fieldsOf(value);
  return {
    tmdb_id: at(s, 'tmdb_id', nullableNumber),
    note: at(s, 'note', nullableString),
    note_named: at(s, 'note_named', boolean),
    submission_id: at(s, 'submission_id', number),
    title: at(s, 'title', string),
    release_year: at(s, 'release_year', number),
    description: at(s, 'description', string),
    user_id: at(s, 'user_id', nullableNumber),
    username: at(s, 'username', nullableString),
    status: at(s, 'status', oneOf(['pending', 'approved', 'rejected'])),
    created_at: at(s, 'created_at', string),
  };
}

function readMySubmission(value: unknown): MySubmission {
  const s = fieldsOf(value);
  return {
    submission_id: at(s, 'submission_id', number),
    title: at(s, 'title', string),
    release_year: at(s, 'release_year', number),
    description: at(s, 'description', string),
    submitted_at: at(s, 'submitted_at', string),
    state: at(s, 'state', oneOf(['pending', 'added', 'rejected'])),
    decided_at: at(s, 'decided_at', nullableString),
    reason: at(s, 'reason', nullableString),
    film_slug: at(s, 'film_slug', nullableString),
    note: at(s, 'note', nullableString),
    note_named: at(s, 'note_named', boolean),
  };
}

type FilmRef = MyExport['ratings'][number]['film'];
function readFilmRef(value: unknown): FilmRef {
  const f = fieldsOf(value);
  return {
    film_id: at(f, 'film_id', number),
    title: at(f, 'title', string),
    release_year: at(f, 'release_year', number),
    slug: at(f, 'slug', string),
  };
}

type ChangedValue = string | number | null;
const changedValue: Read<ChangedValue> = (value) =>
  value === null || typeof value === 'string' ? value : typeof value === 'number' ? number(value) : mismatch('a string, a number or null');

function readAuditEntry(value: unknown): AuditEntry {
  const e = fieldsOf(value);
  const changes = (v: unknown) =>
    v === null
      ? null
      : recordOf(v, (change) => {
          const c = fieldsOf(change);
          return { from: at(c, 'from', changedValue), to: at(c, 'to', changedValue) };
        });
  return {
    audit_id: at(e, 'audit_id', number),
    at: at(e, 'at', string),
    reviewer: at(e, 'reviewer', string),
    action: at(e, 'action', oneOf(['add', 'reject', 'edit', 'remove'])),
    title: at(e, 'title', string),
    release_year: at(e, 'release_year', number),
    film_slug: at(e, 'film_slug', nullableString),
    reason: at(e, 'reason', nullableString),
    changes: at(e, 'changes', changes),
  };
}

function readStanding(value: unknown): StandingDetail {
  const s = fieldsOf(value);
  const bar = (v: unknown) => {
    const b = fieldsOf(v);
    return { rating: at(b, 'rating', number), count: at(b, 'count', number) };
  };
  return {
    film_id: at(s, 'film_id', number),
    slug: at(s, 'slug', string),
    rank: at(s, 'rank', number),
    films: at(s, 'films', number),
    score: at(s, 'score', number),
    N: at(s, 'N', number),
    H: at(s, 'H', number),
    R: at(s, 'R', number),
    S: at(s, 'S', number),
    answers: at(s, 'answers', number),
    not_heard_share: at(s, 'not_heard_share', nullableNumber),
    average_rating: at(s, 'average_rating', nullableNumber),
    ratings_by_value: at(s, 'ratings_by_value', (v) => listOf(v, bar)),
    directors: at(s, 'directors', strings),
    poster_url: at(s, 'poster_url', string),
    ...readFacts(s),
    recommendation: at(s, 'recommendation', readRecommendation),
  };
}

// Films.

export const filmDecoder: Parser<Film> = { parse: readFilm };

export const filmListDecoder: Parser<{ films: Film[] }> = {
  parse: (value) => ({ films: at(fieldsOf(value), 'films', (v) => listOf(v, readFilm)) }),
};

/** The ranked list's first films as the server writes them into / and /dashboard, and how many there are in all. */
export const firstFilmsDecoder: Parser<{ films: Film[]; total: number; version?: string }> = {
  parse: (value) => {
    const a = fieldsOf(value);
    const films = at(a, 'films', (v) => listOf(v, readFilm));
    const total = at(a, 'total', number);
    if (total < films.length) throw new DecodeError('total', 'at least the number of films given');
    const version = optionalAt(a, 'version', string);
    return version === undefined ? { films, total } : { films, total, version };
  },
};

/** A film of the ranked list with its poster and directors (a row passed along to the film's page). */
export const listedFilmDecoder: Parser<ListedFilm> = { parse: readListedFilm };

/** A film with everything its page shows (GET /api/films/filmdetails). */
export const filmDetailsDecoder: Parser<{ film: FilmDetail }> = {
  parse: (value) => ({ film: at(fieldsOf(value), 'film', readFilmDetail) }),
};

export const standingDecoder: Parser<{ standing: StandingDetail }> = {
  parse: (value) => ({ standing: at(fieldsOf(value), 'standing', readStanding) }),
};

export const filmExistsDecoder: Parser<{ exists: boolean }> = { parse: (value) => ({ exists: at(fieldsOf(value), 'exists', boolean) }) };

/** A film added or edited by a reviewer, with the server's message. */
export const filmSavedDecoder: Parser<{ message: string; film: FilmDetail }> = {
  parse: (value) => {
    const a = fieldsOf(value);
    return { message: at(a, 'message', string), film: at(a, 'film', readFilmDetail) };
  },
};

/** The film database's candidates for a typed title (GET /api/films/lookup). */
export const lookupDecoder: Parser<LookupAnswer> = {
  parse: (value) => {
    const a = fieldsOf(value);
    return { available: at(a, 'available', boolean), results: at(a, 'results', (v) => listOf(v, readLookupCandidate)) };
  },
};

function readEntry(value: unknown): FilmDatabaseEntry | null {
  if (value === null) return null;
  const e = fieldsOf(value);
  return {
    tmdb_id: at(e, 'tmdb_id', number),
    title: at(e, 'title', string),
    release_year: at(e, 'release_year', nullableNumber),
    poster_url: at(e, 'poster_url', nullableString),
    directors: at(e, 'directors', strings),
    adult: at(e, 'adult', boolean),
    listed: at(e, 'listed', readListedRef),
    where_to_watch: at(e, 'where_to_watch', readWhereToWatch),
  };
}

/** One film database entry, as a reviewer checks a link (GET /api/films/entry). */
export const entryDecoder: Parser<EntryAnswer> = {
  parse: (value) => {
    const a = fieldsOf(value);
    return { available: at(a, 'available', boolean), entry: at(a, 'entry', readEntry) };
  },
};

/** A film of the list with its rank and when it was added (to a watchlist, or to the list): the shelf and the watchlist. */
export type RankedFilm = Film & Pick<AddedFilm, 'rank' | 'added_at'>;

function readAddedFilm(value: unknown): RankedFilm {
  const f = fieldsOf(value);
  return { ...readFilm(f), rank: at(f, 'rank', number), added_at: at(f, 'added_at', string) };
}

/** GET /api/films/new: the shelf of new films that need answers (docs/product.md §New films). */
export const newFilmsDecoder: Parser<{ films: RankedFilm[]; all_answered: boolean }> = {
  parse: (value) => {
    const fields = fieldsOf(value);
    return { films: at(fields, 'films', (v) => listOf(v, readAddedFilm)), all_answered: fields.all_answered === true };
  },
};

// The watchlist (docs/product.md §Watchlist).

export const watchlistDecoder: Parser<Pick<WatchlistAnswer, 'ranked_films'> & { films: RankedFilm[] }> = {
  parse: (value) => {
    const a = fieldsOf(value);
    return { films: at(a, 'films', (v) => listOf(v, readAddedFilm)), ranked_films: at(a, 'ranked_films', number) };
  },
};

export const watchlistEntryDecoder: Parser<WatchlistEntry> = {
  parse: (value) => {
    const a = fieldsOf(value);
    return { film_id: at(a, 'film_id', number), added_at: at(a, 'added_at', string) };
  },
};

// Votes and watch clicks.

export const myVotesDecoder: Parser<MyVotes> = {
  parse: (value) => {
    const a = fieldsOf(value);
    return { mentions: at(a, 'mentions', (v) => recordOf(v, boolean)), ratings: at(a, 'ratings', (v) => recordOf(v, number)) };
  },
};

/** A visitor's temporary id for watch clicks (GET /api/watch/generatetempid). */
export const temporaryIdDecoder: Parser<{ temporaryUserId: string }> = {
  parse: (value) => ({ temporaryUserId: at(fieldsOf(value), 'temporaryUserId', string) }),
};

/** Answers whose body the caller uses no further than its message. */
export const messageDecoder: Parser<{ message: string }> = { parse: (value) => ({ message: at(fieldsOf(value), 'message', string) }) };

// Accounts and sessions.

export const publicUserDecoder: Parser<PublicUser> = { parse: readUser };

export const loginAnswerDecoder: Parser<LoginAnswer> = {
  parse: (value) => {
    const a = fieldsOf(value);
    return {
      accessToken: at(a, 'accessToken', string),
      accessTokenExpiration: at(a, 'accessTokenExpiration', number),
      refreshToken: at(a, 'refreshToken', string),
      user: at(a, 'user', readUser),
    };
  },
};

export const refreshAnswerDecoder: Parser<RefreshAnswer> = {
  parse: (value) => {
    const a = fieldsOf(value);
    return {
      newAccessToken: at(a, 'newAccessToken', string),
      newRefreshToken: at(a, 'newRefreshToken', string),
      newAccessTokenExpiration: at(a, 'newAccessTokenExpiration', number),
      user: at(a, 'user', readUser),
    };
  },
};

export const availabilityDecoder: Parser<{ usernameExists: boolean; emailExists: boolean }> = {
  parse: (value) => {
    const a = fieldsOf(value);
    return { usernameExists: at(a, 'usernameExists', boolean), emailExists: at(a, 'emailExists', boolean) };
  },
};

export const registeredDecoder: Parser<{ message: string; user_id: number }> = {
  parse: (value) => {
    const a = fieldsOf(value);
    return { message: at(a, 'message', string), user_id: at(a, 'user_id', number) };
  },
};

export const verificationDecoder: Parser<{ success: boolean; message: string; alreadyVerified?: boolean }> = {
  parse: (value) => {
    const a = fieldsOf(value);
    const answer = { success: at(a, 'success', boolean), message: at(a, 'message', string) };
    const alreadyVerified = optionalAt(a, 'alreadyVerified', boolean);
    return alreadyVerified === undefined ? answer : { ...answer, alreadyVerified };
  },
};

export const profileDecoder: Parser<{ user: PublicUser }> = { parse: (value) => ({ user: at(fieldsOf(value), 'user', readUser) }) };

export const profileUpdateDecoder: Parser<{ message: string; user: PublicUser; pendingEmail: string | null }> = {
  parse: (value) => {
    const a = fieldsOf(value);
    return { message: at(a, 'message', string), user: at(a, 'user', readUser), pendingEmail: at(a, 'pendingEmail', nullableString) };
  },
};

export const myExportDecoder: Parser<MyExport> = {
  parse: (value) => {
    const a = fieldsOf(value);
    const account = (v: unknown) => {
      const u = fieldsOf(v);
      return {
        user_id: at(u, 'user_id', number),
        username: at(u, 'username', string),
        email: at(u, 'email', string),
        verified: at(u, 'verified', boolean),
        pending_email: at(u, 'pending_email', nullableString),
        created_at: at(u, 'created_at', string),
      };
    };
    const mention = (v: unknown) => {
      const m = fieldsOf(v);
      return { film: at(m, 'film', readFilmRef), heard_before: at(m, 'heard_before', boolean), answered_at: at(m, 'answered_at', string) };
    };
    const rating = (v: unknown) => {
      const r = fieldsOf(v);
      return {
        film: at(r, 'film', readFilmRef),
        rating: at(r, 'rating', number),
        rated_at: at(r, 'rated_at', string),
        updated_at: at(r, 'updated_at', string),
      };
    };
    const click = (v: unknown) => {
      const c = fieldsOf(v);
      return { film: at(c, 'film', readFilmRef), day: at(c, 'day', string) };
    };
    const saved = (v: unknown) => {
      const w = fieldsOf(v);
      return { film: at(w, 'film', readFilmRef), added_at: at(w, 'added_at', string) };
    };
    return {
      exported_at: at(a, 'exported_at', string),
      account: at(a, 'account', account),
      mentions: at(a, 'mentions', (v) => listOf(v, mention)),
      ratings: at(a, 'ratings', (v) => listOf(v, rating)),
      submissions: at(a, 'submissions', (v) => listOf(v, readMySubmission)),
      watch_clicks: at(a, 'watch_clicks', (v) => listOf(v, click)),
      watchlist: at(a, 'watchlist', (v) => listOf(v, saved)),
    };
  },
};

// Submissions and the reviewers' tools.

export const submissionDecoder: Parser<SubmissionDetail> = { parse: readSubmission };

export const submissionListDecoder: Parser<{ submissions: SubmissionDetail[] }> = {
  parse: (value) => ({ submissions: at(fieldsOf(value), 'submissions', (v) => listOf(v, readSubmission)) }),
};

export const mySubmissionsDecoder: Parser<{ submissions: MySubmission[] }> = {
  parse: (value) => ({ submissions: at(fieldsOf(value), 'submissions', (v) => listOf(v, readMySubmission)) }),
};

/** A submission whose naming choice changed (PATCH /api/me/submissions/{id}), with the server's message. */
export const mySubmissionUpdatedDecoder: Parser<{ message: string; submission: MySubmission }> = {
  parse: (value) => {
    const a = fieldsOf(value);
    return { message: at(a, 'message', string), submission: at(a, 'submission', readMySubmission) };
  },
};

export const reviewHistoryDecoder: Parser<{ entries: AuditEntry[]; next: number | null }> = {
  parse: (value) => {
    const a = fieldsOf(value);
    return { entries: at(a, 'entries', (v) => listOf(v, readAuditEntry)), next: at(a, 'next', nullableNumber) };
  },
};

// The settings the server writes into every page (lib/app-config.ts).

/** What the page's settings say: its public URL and links, and whether the film database is on, each only when given. */
export interface AppConfigFields {
  publicUrl: string;
  links: Record<string, string>;
  filmDatabase?: boolean;
  watchRegionName?: string;
}

export const appConfigDecoder: Parser<AppConfigFields> = {
  parse: (value) => {
    const f = fieldsOf(value);
    const filmDatabase = optionalAt(f, 'filmDatabase', boolean);
    const watchRegionName = optionalAt(f, 'watchRegionName', string);
    return {
      publicUrl: at(f, 'publicUrl', string),
      links: at(f, 'links', (v) => recordOf(v, string)),
      ...(filmDatabase === undefined ? {} : { filmDatabase }),
      ...(watchRegionName === undefined ? {} : { watchRegionName }),
    };
  },
};
