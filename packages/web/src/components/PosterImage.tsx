import { posterAt, posterHeight, type PosterWidth } from '@filmlist/shared/poster-address';

interface PosterImageProps {
  /** the poster's address on our origin (poster_url); null: the space is kept, empty */
  url: string | null;
  /** the widths offered to the browser, smallest first; the first is the drawn size's 1x */
  widths: readonly [PosterWidth, ...PosterWidth[]];
  /** the `sizes` attribute: how wide the poster is drawn */
  sizes: string;
  className: string;
  /** true for the poster that leads the page (drawn before anything below it) */
  eager?: boolean;
}

/**
 * A film's poster from our own origin (docs/product.md §Film database), at the widths the page needs
 * through posterAt, its 2:3 box reserved by width and height so nothing moves when it arrives.
 * Decorative: the film's title is beside it.
 */
export function PosterImage({ url, widths, sizes, className, eager = false }: PosterImageProps) {
  const [first] = widths;
  if (url === null) return <span className={`${className} poster-empty`} aria-hidden="true" />;
  return (
    <img
      className={className}
      src={posterAt(url, first)}
      srcSet={widths.map((width) => `${posterAt(url, width)} ${width}w`).join(', ')}
      sizes={sizes}
      width={first}
      height={posterHeight(first)}
      alt=""
      decoding="async"
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
    />
  );
}
