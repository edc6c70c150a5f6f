import { queryOptions, skipToken, useQuery, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Film } from '@filmlist/shared/api/films';
import { firstFilmsDecoder } from '../../../lib/decoders';
import { queryKeys } from '../../../lib/query-keys';
import { filmListQuery, holdListVersion } from './get-films';

/** The first films of the ranked list, written into the page by the server, and the length of the whole list. */
export interface FirstFilms {
  films: Film[];
  total: number;
  /** the list's version (its ETag) these films come from, when the page says it */
  version?: string;
}

/**
 * The rows / and /dashboard paint first (docs/product.md §Loading the list): the server writes the
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

/** The page's first films in the cache: never asked for, only put there as the page starts. */
export const firstFilmsQuery = () =>
  queryOptions<FirstFilms>({ queryKey: queryKeys.firstFilms, queryFn: skipToken, enabled: false, staleTime: Infinity });

/**
 * Puts the page's first films in the cache, as the entry script runs: a whole
 * list is the list itself, at the version the page names; the first films of a longer one stand in for its
 * first rows until the list is in (`filmListQuery` then removes them).
 */
export function keepFirstFilms(client: QueryClient, first: FirstFilms): void {
  if (isWholeList(first)) {
    client.setQueryData(filmListQuery().queryKey, first.films);
    // The live list's first announcement of this version then reads nothing.
    if (first.version !== undefined) holdListVersion(client, first.version);
  } else client.setQueryData(firstFilmsQuery().queryKey, first);
}

/** The page's first films as the list page mounts, or null: they stand in until the list has rendered. */
export function useFirstFilms(): FirstFilms | null {
  const { data } = useQuery(firstFilmsQuery());
  const [first] = useState(data ?? null);
  return first;
}
