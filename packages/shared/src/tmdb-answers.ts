import { z } from 'zod';

/**
 * The parts of TMDB's v3 answers the server reads (developer.themoviedb.org:
 * search/movie, movie details with append_to_response, errors), checked before
 * anything is used: the film database is outside input (decision 010). Keys not
 * named here are dropped. TMDB leaves many fields empty ("" or null) or out, so
 * nearly everything is optional, and one malformed entry of a list drops that
 * entry, not the answer.
 */

/** A list whose malformed entries are dropped. */
function entries<T extends z.ZodType>(entry: T) {
  return z.array(z.unknown()).transform((items) =>
    items.flatMap((item) => {
      const parsed = entry.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    }),
  );
}

const id = z.number().int().positive();
const text = z.string();
/** An image path such as "/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg"; null when TMDB has none. */
const imagePath = z.string().nullish();

export const tmdbSearchResult = z.object({
  id,
  /** TMDB marks adult entries; the site links none (docs/product.md §Film database) */
  adult: z.boolean().optional(),
  title: text,
  original_title: text.optional(),
  /** "YYYY-MM-DD", or "" when unknown */
  release_date: text.nullish(),
  poster_path: imagePath,
  overview: text.nullish(),
});
export type TmdbSearchResult = z.infer<typeof tmdbSearchResult>;

/** GET /search/movie */
export const tmdbSearchAnswer = z.object({
  page: z.number().int().optional(),
  results: entries(tmdbSearchResult),
  total_results: z.number().int().optional(),
});
export type TmdbSearchAnswer = z.infer<typeof tmdbSearchAnswer>;

const castMember = z.object({ id, name: text, character: text.nullish(), order: z.number().int().optional() });
const crewMember = z.object({ id, name: text, job: text, department: text.optional() });
const video = z.object({
  key: text,
  site: text,
  type: text,
  official: z.boolean().optional(),
  published_at: text.optional(),
});
const provider = z.object({ provider_id: id, provider_name: text, display_priority: z.number().optional() });
/** One country's offers: the link is TMDB's page of them (JustWatch's data). */
const regionOffers = z.object({
  link: text.optional(),
  flatrate: entries(provider).optional(),
  free: entries(provider).optional(),
  ads: entries(provider).optional(),
  rent: entries(provider).optional(),
  buy: entries(provider).optional(),
});
export type TmdbRegionOffers = z.infer<typeof regionOffers>;

/** GET /movie/{id}?append_to_response=credits,external_ids,videos,watch/providers */
export const tmdbMovieAnswer = z.object({
  id,
  adult: z.boolean().optional(),
  title: text,
  original_title: text.optional(),
  release_date: text.nullish(),
  /** minutes; 0 or null when unknown */
  runtime: z.number().int().nullish(),
  imdb_id: text.nullish(),
  poster_path: imagePath,
  overview: text.nullish(),
  genres: entries(z.object({ id, name: text })).optional(),
  production_countries: entries(z.object({ iso_3166_1: text, name: text })).optional(),
  credits: z.object({ cast: entries(castMember).optional(), crew: entries(crewMember).optional() }).optional(),
  external_ids: z.object({ imdb_id: text.nullish() }).optional(),
  videos: z.object({ results: entries(video) }).optional(),
  'watch/providers': z.object({ results: z.record(z.string(), regionOffers) }).optional(),
});
export type TmdbMovieAnswer = z.infer<typeof tmdbMovieAnswer>;

/** The body of an error answer (401, 404, 429...). */
export const tmdbErrorAnswer = z.object({ status_code: z.number().int().optional(), status_message: text.optional() });
