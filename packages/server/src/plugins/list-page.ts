import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { FIRST_VIEW_FILMS } from '@filmlist/shared/constants';
import type { RankedList } from '../modules/films/film-list-cache.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** JSON inside a <script> element: no "</script>" or "<!--" can end it early. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export type PageEncoding = 'br' | 'gzip' | 'identity';

interface ListPage {
  etag: string;
  variants: Map<PageEncoding, Promise<Buffer>>;
}

/**
 * The page of the ranked list (/ and /dashboard) with the list's first films
 * written into it, as JSON the app renders on its first render: the rows are
 * in the first paint, whatever the size of the catalogue, and the page's bytes
 * do not grow with it (issue 14). Made once per ranked list, with its
 * compressed copies.
 */
export class ListPageCache {
  private current: ListPage | null = null;

  constructor(private readonly withHead: (head: string) => string) {}

  page(list: RankedList, encoding: PageEncoding): Promise<Buffer> {
    if (this.current?.etag !== list.etag) this.current = { etag: list.etag, variants: new Map() };
    const { variants } = this.current;
    let variant = variants.get(encoding);
    if (!variant) {
      const html = Buffer.from(this.html(list));
      variant =
        encoding === 'br'
          ? brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length } })
          : encoding === 'gzip'
            ? gzipAsync(html, { level: 6 })
            : Promise.resolve(html);
      variants.set(encoding, variant);
    }
    return variant;
  }

  private html(list: RankedList): string {
    const first = { films: list.films.slice(0, FIRST_VIEW_FILMS), total: list.films.length };
    return this.withHead(`<script type="application/json" id="first-films">${scriptJson(first)}</script>`);
  }
}

/** The encoding a client accepts, best first (a quality of 0 refuses it). */
export function pageEncoding(accept: string | undefined): PageEncoding {
  const accepted = new Set(
    (accept ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(?:\.0*)?$/.test(part))
      .map((part) => part.split(';')[0] ?? ''),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}
