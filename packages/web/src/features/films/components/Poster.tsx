import type { Film } from '@filmlist/shared/api/films';
import { posterAt, type PosterWidth } from '@filmlist/shared/poster-address';
import type { SyntheticEvent } from 'react';
import { useNearScreen } from '../../../lib/use-near-screen';

/** The row's poster box, in CSS pixels (styles.css gives it the same size, so nothing moves as it loads). */
export const ROW_POSTER = { width: 46, height: 69 } as const;

/**
 * The poster's address on our own origin at `width` (docs/product.md §Posters), when the answer carries one: 92 px
 * serves a row's or the shelf's thumbnail at twice its size, 185 the watchlist's.
 */
export function posterSrc(film: Film, width: PosterWidth = 92): string | null {
  return 'poster_url' in film && typeof film.poster_url === 'string' && film.poster_url !== '' ? posterAt(film.poster_url, width) : null;
}

/**
 * A row's small poster, inside the link of its title (so the poster leads to the film's page too, and the link is
 * named by the title alone). A fixed box, so it moves nothing as it loads; the first screen's posters are asked for at
 * once, the others when scrolled near (docs/product.md §List rows): the image is there from the start, its address
 * only once near (lib/use-near-screen.ts).
 */
export function Poster({ film, eager }: { film: Film; eager: boolean }) {
  const src = posterSrc(film);
  const [ref, near] = useNearScreen(eager);
  return (
    <span className="row-poster" ref={ref}>
      {src && (
        <img
          src={near ? src : undefined}
          width={ROW_POSTER.width}
          height={ROW_POSTER.height}
          alt=""
          decoding="async"
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          onError={hideBroken}
        />
      )}
    </span>
  );
}

/** A poster that could not be loaded leaves its box empty (a calm tint), never a broken-image mark. */
export function hideBroken(event: SyntheticEvent<HTMLImageElement>): void {
  event.currentTarget.style.visibility = 'hidden';
}
