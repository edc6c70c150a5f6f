import { PAGES, pagePath } from '@filmlist/shared/pages';

/**
 * The app's addresses of a film, built in one place (docs/product.md §Film addresses): its page for
 * visitors (the address to share), a member's page, and a reviewer's edit page.
 */

/** /films/{slug} for visitors, /films/private/{slug} for members (docs/product.md §Navigation and shell, Film Info). */
export const filmPath = (film: { slug: string }, member: boolean): string =>
  pagePath(member ? PAGES.privateFilm : PAGES.film, { filmDetails: film.slug });

/** The film's public page: the address anyone can open, and the one a share carries. */
export const publicFilmPath = (slug: string): string => filmPath({ slug }, false);

/** The reviewer's page to edit or remove the film (docs/product.md §Reviewer tools). */
export const editFilmPath = (slug: string): string => pagePath(PAGES.editFilm, { slug });
