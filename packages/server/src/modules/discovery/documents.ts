import { Feed } from 'feed';
import { SITE_NAME } from '@filmlist/shared/constants';
import { escapeXml } from '../../lib/html.js';
import { filmPageUrl } from '../pages/addresses.js';
import type { FilmRow } from '../films/presenter.js';

/** A film as the feed shows it. */
export type FeedFilm = Pick<FilmRow, 'filmId' | 'title' | 'releaseYear' | 'description' | 'slug' | 'createdAt'>;

/** The public pages that are not films (the public screens worth indexing, docs/product.md §Public screens). */
export const STATIC_PAGES = ['/', '/about', '/terms-conditions', '/privacy-policy'] as const;

/** Where crawlers have no business: the API, pages behind a login, the reviewers' pages, one-time links. */
export const PRIVATE_PATHS = [
  '/api/',
  '/films/private/',
  '/dashboard',
  '/myprofile',
  '/addfilm',
  '/my-submissions',
  '/master',
  '/verification/',
] as const;

/** A sitemap holds at most 50,000 addresses (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

/** An Atom feed of the newest films on the list, newest first. */
export function atomFeed(publicUrl: string, newest: readonly FeedFilm[]): string {
  const host = new URL(publicUrl).hostname;
  const feed = new Feed({
    id: `${publicUrl}/`,
    title: `${SITE_NAME}: new films`,
    description: 'Films newly added to The Film List, the community list of undervalued films.',
    link: `${publicUrl}/`,
    language: 'en',
    // The newest film's arrival; a fixed date for an empty list, so the bytes (and the ETag) stay put.
    updated: newest[0]?.createdAt ?? new Date(0),
    generator: false,
    feedLinks: { atom: `${publicUrl}/feed.xml` },
    author: { name: SITE_NAME, link: `${publicUrl}/` },
  });
  for (const film of newest) {
    feed.addItem({
      // The feed marks both as HTML: escaped, a title reads as the text it is.
      title: escapeXml(`${film.title} (${film.releaseYear})`),
      // A tag URI by film id: it stays the entry's id when an edit changes the title and the page's address.
      id: `tag:${host},2026:film-${film.filmId}`,
      link: filmPageUrl(publicUrl, film.slug),
      description: escapeXml(film.description),
      date: film.createdAt,
      published: film.createdAt,
    });
  }
  return feed.atom1();
}

/** Every static page and every film page (sitemaps.org protocol 0.9), at most SITEMAP_MAX_URLS of them. */
export function sitemap(publicUrl: string, slugs: readonly string[]): string {
  const urls = [...STATIC_PAGES.map((page) => `${publicUrl}${page}`), ...slugs.map((slug) => filmPageUrl(publicUrl, slug))].slice(
    0,
    SITEMAP_MAX_URLS,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((url) => `<url><loc>${escapeXml(url)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}
