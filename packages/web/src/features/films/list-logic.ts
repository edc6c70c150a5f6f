import type { Film } from '@filmlist/shared/api/films';
import type { MyVotes } from '@filmlist/shared/api/votes';
import { FILTERS, type Filter } from '@filmlist/shared/constants';
import { titleCase } from '@filmlist/shared/slug';
import { publicFilmPath } from '../../lib/film-paths';

/** Rows per page of a long list: 10,000 films stay quick because only one page is in the DOM. */
export const PAGE_SIZE = 50;
/** Up to this many films, every row is on the page, so the browser's find-in-page finds any film (docs/product.md §Loading the list). */
export const EVERY_ROW_UP_TO = 300;

/** §Search: the search box shows what is typed in title case. */
export const searchText = (typed: string): string => titleCase(typed);

/** What a title must start with for the typed text: spaces around it dropped (a phone keyboard adds one after a word), lower case. */
const searchKey = (query: string): string => query.trim().toLowerCase();

/** A leading article, dropped before a forgiving match: "The Fall" is found by "fall". */
const ARTICLE = /^(the|a|an)\s+/;

/**
 * A title or a search as the forgiving match compares them (docs/product.md §Search): lower case, accents and
 * other marks dropped, a leading The, A or An dropped, then only letters and digits, so "Hunt for the
 * Wilderpeople!" is "huntforthewilderpeople" and "in bruges" finds "In Bruges"; "&" reads as "and", so
 * "Mary & Max" finds "Mary And Max".
 */
export function foldTitle(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .trim()
    .replace(ARTICLE, '')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The folded titles of a list, in its order: made once per list, so a keystroke over 10,000 films folds only what was typed. */
export const foldedKeys = (films: readonly Film[]): string[] => films.map((film) => foldTitle(film.title));

/** When the title rule finds fewer films than this, the films containing the text anywhere follow (§Search). */
export const FEW_MATCHES = 3;
/** At most this many films are listed as containing the text. */
export const CONTAINING_MAX = 8;

/**
 * What a film's folded title must contain for the query: the folded query, or, when it has several words,
 * each word folded on its own, in any order and apart ("man earth" finds The Man From Earth); a word that is
 * a film's year matches that year ("tampopo 1985"). Empty for a query with no letter or digit.
 */
export function containingWords(query: string): string[] {
  const whole = foldTitle(query);
  if (whole === '') return [];
  const typed = query.trim().split(/\s+/);
  // A leading article is no word to look for: titles are folded without theirs.
  if (typed.length > 1 && /^(the|a|an)$/i.test(typed[0] ?? '')) typed.shift();
  const words = typed.map(foldTitle).filter((word) => word !== '');
  return words.length > 1 ? words : [whole];
}

/**
 * The films whose folded title holds every one of the query's words (`containingWords`), in the list's
 * order, leaving out `shown` (the ones the title rule found already) and those `keep` turns down (the
 * member's filter); at most CONTAINING_MAX. Empty for a query with no letter or digit.
 */
export function filmsContaining(
  films: readonly Film[],
  query: string,
  shown: ReadonlySet<number>,
  folded: readonly string[] = foldedKeys(films),
  keep: (film: Film) => boolean = () => true,
): Film[] {
  const words = containingWords(query);
  const found: Film[] = [];
  if (words.length === 0) return found;
  for (let i = 0; i < films.length && found.length < CONTAINING_MAX; i++) {
    const film = films[i];
    if (!film || shown.has(film.film_id)) continue;
    const key = folded[i] ?? '';
    if (words.every((word) => key.includes(word) || word === String(film.release_year)) && keep(film)) found.push(film);
  }
  return found;
}

/** §Search: a film matches when its title starts with the typed text, ignoring case. */
export function matchesSearch(title: string, query: string): boolean {
  const wanted = searchKey(query);
  return wanted === '' || title.toLowerCase().startsWith(wanted);
}

/**
 * The lower-cased titles of a list, in its order. Made once per list, so a
 * keystroke over 10,000 films compares strings and lower-cases none.
 */
export const titleKeys = (films: readonly Film[]): string[] => films.map((film) => film.title.toLowerCase());

/** What the signed-in member has answered, keyed by film id (GET /api/me/votes). */
export type Votes = MyVotes;

export const emptyVotes: Votes = { mentions: {}, ratings: {} };

export const hasMentioned = (votes: Votes, filmId: number): boolean => votes.mentions[String(filmId)] !== undefined;
export const ratingOf = (votes: Votes, filmId: number): number | null => votes.ratings[String(filmId)] ?? null;

/** The filters (§Filters), "Rated" last: the films the member has rated. */
export const LIST_FILTERS = [...FILTERS, 'rated'] as const;
export type ListFilter = Filter | 'rated';

/** The list's search and filter as its address keeps them (§Filters): ?filter=notRated&q=moon. */
export function listStateIn(search: string): { filter: ListFilter; query: string } {
  const params = new URLSearchParams(search);
  const filter = LIST_FILTERS.find((value) => value === params.get('filter')) ?? 'all';
  return { filter, query: searchText(params.get('q') ?? '') };
}

/** The address's query string for a search and a filter; empty for all films and no search. */
export function listSearch(filter: ListFilter, query: string): string {
  const params = new URLSearchParams();
  if (filter !== 'all') params.set('filter', filter);
  if (query !== '') params.set('q', query.toLowerCase());
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The filter values (§Filters); notHeardBefore is the films the member answered "No" for. */
export function matchesFilter(filter: ListFilter, votes: Votes, filmId: number): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'notRated':
      return ratingOf(votes, filmId) === null;
    case 'notMentioned':
      return !hasMentioned(votes, filmId);
    case 'notHeardBefore':
      return votes.mentions[String(filmId)] === false;
    case 'rated':
      return ratingOf(votes, filmId) !== null;
  }
}

/**
 * One pass over the ranked list, keeping its order; each check is a string
 * prefix test or a key lookup. `keys` are the list's titleKeys, when kept.
 */
export function visibleFilms(
  films: readonly Film[],
  query: string,
  filter: ListFilter,
  votes: Votes,
  keys: readonly string[] = titleKeys(films),
): Film[] {
  const wanted = searchKey(query);
  const visible: Film[] = [];
  films.forEach((film, i) => {
    if (wanted !== '' && !(keys[i] ?? film.title.toLowerCase()).startsWith(wanted)) return;
    if (filter !== 'all' && !matchesFilter(filter, votes, film.film_id)) return;
    visible.push(film);
  });
  return visible;
}

export interface Page<T> {
  items: T[];
  /** 1-based, clamped to the pages there are */
  page: number;
  pageCount: number;
}

/**
 * The page to show of the items a search and a filter leave of a list of `listSize` films: every
 * item when the list is short enough for find-in-page, else pages of PAGE_SIZE (§Loading the list: a large
 * catalogue keeps its pages, so a keystroke never builds hundreds of rows).
 */
export const pageOf = <T>(items: readonly T[], page: number, listSize = items.length): Page<T> =>
  paginate(items, page, listSize <= EVERY_ROW_UP_TO ? Math.max(1, items.length) : PAGE_SIZE);

export function paginate<T>(items: readonly T[], page: number, size = PAGE_SIZE): Page<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, Math.floor(page)), pageCount);
  return { items: items.slice((current - 1) * size, current * size), page: current, pageCount };
}

/** §Sharing: the shared URL is {site}/films/{slug}. */
export const shareUrl = (site: string, film: Pick<Film, 'slug'>): string => `${site.replace(/\/+$/, '')}${publicFilmPath(film.slug)}`;

export interface ShareTargets {
  url: string;
  email: string;
  facebook: string;
  x: string;
}

export function shareTargets(site: string, film: Pick<Film, 'slug' | 'title'>): ShareTargets {
  const url = shareUrl(site, film);
  const text = `Check out ${film.title} on The Film List`;
  const q = encodeURIComponent;
  return {
    url,
    email: `mailto:?subject=${q(text)}&body=${q(`${text}: ${url}`)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${q(url)}`,
    x: `https://x.com/intent/tweet?url=${q(url)}&text=${q(text)}`,
  };
}

/**
 * docs/product.md §Watch and trailer: the film's own trailer when the film database knows its video
 * (a YouTube id), otherwise a video-site search for "{title} trailer {year}".
 */
export const trailerUrl = (film: Pick<Film, 'title' | 'release_year'>, trailerKey: string | null = null): string =>
  trailerKey
    ? `https://www.youtube.com/watch?v=${encodeURIComponent(trailerKey)}`
    : `https://www.youtube.com/results?search_query=${encodeURIComponent(`${film.title} trailer ${film.release_year}`)}`;
