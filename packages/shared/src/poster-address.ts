/**
 * Poster sizes and addresses (docs/product.md §Film database), without zod, so the web app can build a
 * poster's address without carrying the schema library (decision 005). api/posters.ts re-exports them.
 *
 * Posters are served from our own origin at one of these widths in CSS pixels x device pixels: 92 a
 * list row's thumbnail or a lookup candidate, 185 the same at 2x, 342 a film page's poster, 500 the
 * same on a wide or dense screen. Every poster is 2:3 (width:height).
 */
export const POSTER_WIDTHS = [92, 185, 342, 500] as const;
export type PosterWidth = (typeof POSTER_WIDTHS)[number];

/** The width a poster_url without `?w=` answers with. */
export const POSTER_DEFAULT_WIDTH: PosterWidth = 342;

/** A poster's height for a width: posters are 2:3, so a page can reserve the space before it loads. */
export const posterHeight = (width: number): number => Math.round((width * 3) / 2);

export const isPosterWidth = (value: number): value is PosterWidth => POSTER_WIDTHS.some((width) => width === value);

/**
 * The same poster at another width: the web builds every poster address with this, never by hand.
 * The address scheme (the server's posters module) is
 * - `/posters/t{24 hex}.webp`: a film database poster, fetched once and re-encoded as WebP;
 * - `/posters/g{film_id}-{12 hex}.webp`: a generated typographic poster, drawn from SVG on the server at each width
 *   (an SVG image would be drawn on the page's main thread; the `.svg` address of an earlier version leads here);
 * the hex is a hash of what the poster shows, so an address never changes what it answers
 * (`Cache-Control: immutable`), and `?w=` picks the width (POSTER_WIDTHS; absent: POSTER_DEFAULT_WIDTH).
 */
export function posterAt(url: string, width: PosterWidth): string {
  const query = url.indexOf('?');
  const base = query < 0 ? url : url.slice(0, query);
  return width === POSTER_DEFAULT_WIDTH ? base : `${base}?w=${width}`;
}
