import { createHash } from 'node:crypto';

/**
 * Poster addresses on our own origin (docs/product.md §Posters; the scheme is told in
 * packages/shared/src/poster-address.ts). Each carries a hash of what it shows, so it is cached as
 * immutable: a film database poster by its file's path, a generated one by the film's title and
 * year and the drawing's version.
 */

/** Bump when the stored re-encodings change (widths, quality): every film database poster gets a new address. */
export const ENCODING_VERSION = 1;
/** Bump when the generated posters' drawing changes. */
export const DRAWING_VERSION = 2;

const hex = (text: string, length: number) => createHash('sha256').update(text).digest('hex').slice(0, length);

/** The key of a film database poster: its file's path, hashed (posters.key). */
export const tmdbPosterKey = (posterPath: string): string => `t${hex(`${ENCODING_VERSION}:${posterPath}`, 24)}`;

export const tmdbPosterUrl = (posterPath: string): string => `/posters/${tmdbPosterKey(posterPath)}.webp`;

/** What a generated poster is drawn from. */
export interface PosterFilm {
  filmId: number;
  title: string;
  releaseYear: number;
}

export const generatedPosterHash = (film: PosterFilm): string => hex(`${DRAWING_VERSION}:${film.releaseYear}:${film.title}`, 12);

/**
 * A generated poster's address: a WebP image, drawn from SVG on the server once per width. As an SVG image the
 * browser parsed, laid out and painted each one on the page's main thread, about 15 a keystroke in a search
 * (docs/performance.md); a raster one is decoded off it.
 */
export const generatedPosterUrl = (film: PosterFilm): string => `/posters/g${film.filmId}-${generatedPosterHash(film)}.webp`;

/** A film's poster: the film database's once it is stored (film_facts.poster_path), else a generated one. */
export const filmPosterUrl = (film: PosterFilm, storedPosterPath: string | null): string =>
  storedPosterPath ? tmdbPosterUrl(storedPosterPath) : generatedPosterUrl(film);

/** A poster address's file name, read back: which poster it names; null for anything else. */
export type PosterFile =
  | { kind: 'tmdb'; key: string }
  /** `svg`: the address of an earlier version, which leads to the WebP one */
  | { kind: 'generated'; filmId: number; hash: string; svg: boolean };

export function parsePosterFile(file: string): PosterFile | null {
  const tmdb = /^(t[0-9a-f]{24})\.webp$/.exec(file);
  if (tmdb?.[1]) return { kind: 'tmdb', key: tmdb[1] };
  const generated = /^g([1-9][0-9]{0,9})-([0-9a-f]{12})\.(webp|svg)$/.exec(file);
  if (generated?.[1] && generated[2]) {
    return { kind: 'generated', filmId: Number(generated[1]), hash: generated[2], svg: generated[3] === 'svg' };
  }
  return null;
}
