import type { Film } from '@filmlist/shared/api/films';
import { firstFilmsDecoder } from '../../../lib/decoders';

/** The first films of the ranked list, written into the page by the server, and the length of the whole list. */
export interface FirstFilms {
  films: Film[];
  total: number;
}

/**
 * The rows / and /dashboard paint first (issue 14): the server writes the
 * ranked list's first films into the page as JSON, so they need no request.
 * Null when the page has none (another path, the dev server) or they do not
 * decode; the page then waits for the full list as before.
 */
export function readFirstFilms(doc: Document): FirstFilms | null {
  const text = doc.getElementById('first-films')?.textContent;
  if (!text) return null;
  try {
    return firstFilmsDecoder.parse(JSON.parse(text));
  } catch (error) {
    console.error('The first films written into the page could not be read', error);
    return null;
  }
}

/** Whether the first films are the whole list: then they are the list, and no request is needed. */
export const isWholeList = (first: FirstFilms): boolean => first.films.length === first.total;

let shown: FirstFilms | null = null;

/** The page's first films, kept until the full list has loaded (set once, at start-up). */
export const firstFilms = (): FirstFilms | null => shown;
export function keepFirstFilms(first: FirstFilms | null): void {
  shown = first;
}
