import { PAGES, pagePath, type PagePath } from '@filmlist/shared/pages';

/** The path of a film's public page (docs/product.md §Film addresses), or of its members' page. */
export function filmPagePath(slug: string, options: { private?: boolean } = {}): string {
  return pagePath(options.private ? PAGES.privateFilm : PAGES.film, { filmDetails: slug });
}

/** The address of a page under PUBLIC_URL (never a request's Host): every link that mail carries. */
export const pageUrl = (publicUrl: string, pattern: PagePath, params?: Record<string, string | number>): string =>
  `${publicUrl}${pagePath(pattern, params)}`;

/** The address of a film's public page under PUBLIC_URL. */
export const filmPageUrl = (publicUrl: string, slug: string): string => `${publicUrl}${filmPagePath(slug)}`;
