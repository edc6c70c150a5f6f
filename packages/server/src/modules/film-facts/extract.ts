import type { WatchOfferKind } from '@filmlist/shared/api/films';
import { cleanExternalText } from '@filmlist/shared/text-rules';
import type { TmdbMovieAnswer, TmdbRegionOffers } from '@filmlist/shared/tmdb-answers';
import type { StoredWatchOffer } from '../../db/schema.js';

/** The facts of a film the film database gives, as stored (film_facts), poster aside. */
export interface ExtractedFacts {
  imdbId: string | null;
  originalTitle: string | null;
  runtime: number | null;
  directors: string[];
  cast: string[];
  genres: string[];
  countries: string[];
  trailerKey: string | null;
  watchRegion: string;
  watchLink: string | null;
  watchOffers: StoredWatchOffer[];
}

const NAME_MAX = 120;
const TITLE_MAX = 300;
const IMDB_ID = /^tt\d{7,10}$/;
const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;

/** Cleaned, without blanks and repeats, at most `max` of them. */
function names(values: readonly string[], max: number): string[] {
  const cleaned = values.map((value) => cleanExternalText(value, NAME_MAX)).filter(Boolean);
  return [...new Set(cleaned)].slice(0, max);
}

/** The official trailer on YouTube, the newest first; null when there is none. */
function trailerOf(movie: TmdbMovieAnswer): string | null {
  const trailers = (movie.videos?.results ?? [])
    .filter((video) => video.site === 'YouTube' && video.type === 'Trailer' && YOUTUBE_ID.test(video.key))
    .sort(
      (a, b) => Number(b.official ?? false) - Number(a.official ?? false) || (b.published_at ?? '').localeCompare(a.published_at ?? ''),
    );
  return trailers[0]?.key ?? null;
}

/** TMDB's page of a region's offers; anything but an https page of TMDB's own is dropped. */
function watchPage(link: string | undefined): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    const tmdb = url.hostname === 'themoviedb.org' || url.hostname.endsWith('.themoviedb.org');
    return url.protocol === 'https:' && tmdb ? url.toString() : null;
  } catch {
    return null;
  }
}

const KINDS: ReadonlyArray<readonly [keyof TmdbRegionOffers, WatchOfferKind]> = [
  ['flatrate', 'subscription'],
  ['free', 'free'],
  ['ads', 'ads'],
  ['rent', 'rent'],
  ['buy', 'buy'],
];

/** One entry per provider, with every way it offers the film, in the film database's order of display. */
function offersOf(region: TmdbRegionOffers | undefined): StoredWatchOffer[] {
  const byProvider = new Map<string, { kinds: WatchOfferKind[]; priority: number }>();
  for (const [key, kind] of KINDS) {
    const providers = region?.[key];
    if (!Array.isArray(providers)) continue;
    for (const provider of providers) {
      const name = cleanExternalText(provider.provider_name, NAME_MAX);
      if (!name) continue;
      const entry = byProvider.get(name) ?? { kinds: [], priority: Number.POSITIVE_INFINITY };
      if (!entry.kinds.includes(kind)) entry.kinds.push(kind);
      entry.priority = Math.min(entry.priority, provider.display_priority ?? Number.POSITIVE_INFINITY);
      byProvider.set(name, entry);
    }
  }
  return [...byProvider]
    .sort(([nameA, a], [nameB, b]) => a.priority - b.priority || nameA.localeCompare(nameB))
    .slice(0, 20)
    .map(([provider, { kinds }]) => ({ provider, kinds }));
}

/** What the site keeps of a film database answer (docs/product.md §Film database). */
export function extractFacts(movie: TmdbMovieAnswer, watchRegion: string): ExtractedFacts {
  const cast = [...(movie.credits?.cast ?? [])].sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity));
  const imdbId = movie.external_ids?.imdb_id ?? movie.imdb_id ?? null;
  const runtime = movie.runtime ?? 0;
  const region = movie['watch/providers']?.results[watchRegion];
  return {
    imdbId: imdbId !== null && IMDB_ID.test(imdbId) ? imdbId : null,
    originalTitle: cleanExternalText(movie.original_title ?? '', TITLE_MAX) || null,
    runtime: runtime > 0 && runtime < 1500 ? runtime : null,
    directors: names(
      (movie.credits?.crew ?? []).filter((member) => member.job === 'Director').map((member) => member.name),
      5,
    ),
    cast: names(
      cast.map((member) => member.name),
      5,
    ),
    genres: names(
      (movie.genres ?? []).map((genre) => genre.name),
      6,
    ),
    countries: names(
      (movie.production_countries ?? []).map((country) => country.name),
      6,
    ),
    trailerKey: trailerOf(movie),
    watchRegion,
    watchLink: watchPage(region?.link),
    watchOffers: offersOf(region),
  };
}
