import type { Film, FilmDetail, ListedFilm, Recommendation, WhereToWatch } from '@filmlist/shared/api/films';
import type { FilmDatabaseEntry, LookupCandidate } from '@filmlist/shared/api/lookup';
import type { MySubmission } from '@filmlist/shared/api/me';
import type { FilmStanding, StandingDetail } from '@filmlist/shared/api/standing';

/** A film as the API shows it: nobody has answered yet, unless the test spreads counts over it. */
export const film = (film_id: number, title: string, release_year = 2000, watch_link: string | null = null): Film => ({
  film_id,
  title,
  release_year,
  description: `A logline for ${title}.`,
  watch_link,
  slug: `${title.toLowerCase().replace(/\s+/g, '-')}-${release_year}`,
  score: 0,
  n: 0,
  h: 0,
  r: 0,
  s: 0,
});

/** A film's standing (GET /api/films/standing): by default nobody has answered yet; counts per rating value 1 to 10. */
export function standing(slug: string, fields: Partial<FilmStanding> = {}, counts: number[] = []): FilmStanding {
  const ratings_by_value = Array.from({ length: 10 }, (_, i) => ({ rating: i + 1, count: counts[i] ?? 0 }));
  const R = ratings_by_value.reduce((sum, bar) => sum + bar.count, 0);
  const S = ratings_by_value.reduce((sum, bar) => sum + bar.rating * bar.count, 0);
  const N = fields.N ?? 0;
  const H = fields.H ?? 0;
  const answers = N + H + R;
  return {
    film_id: 1,
    slug,
    rank: 1,
    films: 1,
    score: 0,
    N,
    H,
    R,
    S,
    answers,
    not_heard_share: answers > 0 ? N / answers : null,
    average_rating: R > 0 ? S / R : null,
    ratings_by_value,
    ...fields,
  };
}

/**
 * The whole standing answer as the server sends it: standing() plus what the film page shows (no
 * film database link, a generated poster, no recommendation note unless given).
 */
export function standingDetail(slug: string, fields: Partial<StandingDetail> = {}, counts: number[] = []): StandingDetail {
  return {
    ...standing(slug, fields, counts),
    directors: [],
    poster_url: generatedPoster(fields.film_id ?? 1),
    tmdb_id: null,
    imdb_id: null,
    original_title: null,
    runtime: null,
    cast: [],
    genres: [],
    countries: [],
    trailer_key: null,
    where_to_watch: null,
    recommendation: null,
    ...fields,
  };
}

/** A generated poster's address, as the server writes it for a film without a film database poster. */
export const generatedPoster = (film_id: number): string => `/posters/g${film_id}-${film_id.toString(16).padStart(12, '0')}.webp`;
/** A film database poster's address (re-encoded and served from our origin). */
export const storedPoster = (seed: number): string => `/posters/t${seed.toString(16).padStart(24, '0')}.webp`;

/** A film of the ranked list (allfilms, watchlist, new films): a generated poster and no directors unless given. */
export const listedFilm = (film_id: number, title: string, release_year = 2000, fields: Partial<ListedFilm> = {}): ListedFilm => ({
  ...film(film_id, title, release_year),
  directors: [],
  poster_url: generatedPoster(film_id),
  ...fields,
});

/** A recommendation note as a film page shows it (by null: "a member"). */
export const recommendation = (note: string, by: string | null = 'filmfan'): Recommendation => ({ note, by });

/** One of My Submissions: pending, no note, named by default. */
export const mySubmission = (submission_id: number, title: string, fields: Partial<MySubmission> = {}): MySubmission => ({
  submission_id,
  title,
  release_year: 2000,
  description: `A logline for ${title}.`,
  submitted_at: '2026-03-03T10:00:00.000Z',
  state: 'pending',
  decided_at: null,
  reason: null,
  film_slug: null,
  note: null,
  note_named: true,
  ...fields,
});

/** Film database candidates the default GET /api/films/lookup answers from, by title. */
export const lookupCandidates: LookupCandidate[] = [
  {
    tmdb_id: 371645,
    title: 'Hunt for the Wilderpeople',
    release_year: 2016,
    poster_url: storedPoster(371645),
    directors: ['Taika Waititi'],
    overview: 'A defiant city kid and his foster uncle become the subjects of a national manhunt in the New Zealand bush.',
    listed: null,
    pending: false,
  },
  {
    tmdb_id: 1946,
    title: 'eXistenZ',
    release_year: 1999,
    poster_url: storedPoster(1946),
    directors: ['David Cronenberg'],
    overview: 'A game designer is pulled into her own virtual-reality game while on the run.',
    listed: null,
    pending: false,
  },
  {
    tmdb_id: 17431,
    title: 'Moon',
    release_year: 2009,
    poster_url: storedPoster(17431),
    directors: ['Duncan Jones'],
    overview: 'A lone worker on the far side of the Moon nears the end of his contract.',
    listed: { film_id: 7, slug: 'moon-2009', title: 'Moon' },
    pending: false,
  },
  {
    tmdb_id: 99999,
    title: 'A Film Without a Poster',
    release_year: null,
    poster_url: null,
    directors: [],
    overview: null,
    listed: null,
    pending: true,
  },
];

const existenzOffers: WhereToWatch = {
  region: 'AU',
  region_name: 'Australia',
  link: 'https://www.themoviedb.org/movie/1946/watch?locale=AU',
  offers: [
    { provider: 'Apple TV', kinds: ['rent'] },
    { provider: 'Stan', kinds: ['subscription'] },
  ],
};

/** An entry TMDB marks adult: GET /api/films/entry says so, and a link to it is refused. */
export const ADULT_ENTRY_ID = 900008;

/**
 * Film database entries the default GET /api/films/entry answers from: the candidates as the
 * database has them, with offers in Australia for eXistenZ, and an entry marked adult.
 */
export const filmEntries: FilmDatabaseEntry[] = [
  ...lookupCandidates.map((candidate) => ({
    tmdb_id: candidate.tmdb_id,
    title: candidate.title,
    release_year: candidate.release_year,
    poster_url: candidate.poster_url,
    directors: candidate.directors,
    adult: false,
    listed: candidate.listed,
    where_to_watch: candidate.tmdb_id === 1946 ? existenzOffers : null,
  })),
  {
    tmdb_id: ADULT_ENTRY_ID,
    title: 'Fixture Adult Entry',
    release_year: 2012,
    poster_url: null,
    directors: [],
    adult: true,
    listed: null,
    where_to_watch: null,
  },
];

/**
 * A film as GET /api/films/filmdetails and the reviewer's edit answer it: a generated poster and no
 * film database link, facts or note unless given.
 */
export const filmDetail = (
  film_id: number,
  title: string,
  release_year = 2000,
  watch_link: string | null = null,
  fields: Partial<FilmDetail> = {},
): FilmDetail => ({
  ...film(film_id, title, release_year, watch_link),
  directors: [],
  poster_url: generatedPoster(film_id),
  tmdb_id: null,
  imdb_id: null,
  original_title: null,
  runtime: null,
  cast: [],
  genres: [],
  countries: [],
  trailer_key: null,
  where_to_watch: null,
  recommendation: null,
  ...fields,
});
