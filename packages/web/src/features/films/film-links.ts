import type { Film, FilmFacts } from '@filmlist/shared/api/films';

/** A linked film's pages elsewhere (docs/product.md §Film page): IMDb, Letterboxd and TMDB. */
export interface OutLink {
  site: 'IMDb' | 'Letterboxd' | 'TMDB';
  href: string;
}

/**
 * IMDb by its id, Letterboxd by the film database id (Letterboxd resolves /tmdb/{id}/) or else
 * its search for the title and year, TMDB by its id. An unlinked film still has Letterboxd's search.
 */
export function outLinks(film: Pick<Film, 'title' | 'release_year'>, facts: Pick<FilmFacts, 'tmdb_id' | 'imdb_id'> | null): OutLink[] {
  const links: OutLink[] = [];
  if (facts?.imdb_id) links.push({ site: 'IMDb', href: `https://www.imdb.com/title/${encodeURIComponent(facts.imdb_id)}/` });
  links.push({
    site: 'Letterboxd',
    href:
      facts?.tmdb_id != null
        ? `https://letterboxd.com/tmdb/${facts.tmdb_id}/`
        : `https://letterboxd.com/search/films/${encodeURIComponent(`${film.title} ${film.release_year}`)}/`,
  });
  if (facts?.tmdb_id != null) links.push({ site: 'TMDB', href: `https://www.themoviedb.org/movie/${facts.tmdb_id}` });
  return links;
}

/** "1h 41m", "48m"; null when unknown. */
export function runtimeText(minutes: number | null): string | null {
  if (minutes === null || minutes <= 0) return null;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}m`;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`;
}

/** The same, said in words for assistive technology: "1 hour 41 minutes". */
export function runtimeWords(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  return [hours > 0 ? part(hours, 'hour') : '', rest > 0 ? part(rest, 'minute') : ''].filter(Boolean).join(' ');
}

/** "A, B and C". */
export function listed(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The original title, when it is known and differs from the listed one other than in letter case. */
export function differentOriginal(title: string, original: string | null): string | null {
  if (!original) return null;
  return original.trim().toLocaleLowerCase() === title.trim().toLocaleLowerCase() ? null : original;
}
