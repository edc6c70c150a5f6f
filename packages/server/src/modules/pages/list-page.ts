import { FIRST_VIEW_FILMS } from '@filmlist/shared/constants';
import { compressible, type CompressibleBody } from '../../lib/compression.js';
import { weakEtag } from '../../lib/http-cache.js';
import { scriptJson } from '../../lib/html.js';
import { perList, type RankedList } from '../films/film-list-cache.js';
import type { PageTemplate } from './page-template.js';

/**
 * The page of the ranked list (/ and /dashboard) with the list's first films
 * written into it, as JSON the app renders on its first render: the rows are
 * in the first paint, whatever the size of the catalogue, and the page's bytes
 * do not grow with it (docs/product.md §Loading the list). Made once per
 * ranked list, with its compressed copies and its ETag.
 */
export interface ListPage extends CompressibleBody {
  etag: string;
}

export function listPages(template: PageTemplate): (list: RankedList) => Promise<ListPage> {
  return perList(async (list) => {
    // The list's version (the allfilms ETag) goes with its films, so the live list need not read a list the page already holds.
    const first = { films: list.films.slice(0, FIRST_VIEW_FILMS), total: list.films.length, version: list.etag };
    const html = template.withHead([`<script type="application/json" id="first-films">${scriptJson(first)}</script>`]);
    const body = Buffer.from(html);
    return { ...compressible(body), etag: weakEtag(body) };
  });
}
