/**
 * docs/product.md §Film addresses: the film URL parameter is the lowercase title with whitespace runs
 * replaced by hyphens, then a hyphen and the release year.
 */
export function filmSlug(title: string, releaseYear: number): string {
  return `${title.trim().toLowerCase().replace(/\s+/g, '-')}-${releaseYear}`;
}

/** Each word capitalised, as the search box and the title field do (§Search, §Add-film rules). */
export function titleCase(text: string): string {
  return text.replace(/(^|\s)(\S)/g, (_m, space: string, first: string) => space + first.toUpperCase());
}

/**
 * Read a film URL parameter back (§Film addresses). The last 5 characters are the year
 * with dashes stripped; the rest is the title with dashes as spaces and each
 * word capitalised.
 */
export function parseFilmParam(param: string): { title: string; year: string } {
  const year = param.slice(-5).replace(/-/g, '');
  const title = titleCase(param.slice(0, -5).replace(/-/g, ' '));
  return { title, year };
}
