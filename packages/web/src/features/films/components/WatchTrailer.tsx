import type { Film } from '@filmlist/shared/api/films';
import { TRAILER_POPUP } from '@filmlist/shared/constants';
import { Icon } from '../../../components/Icon';
import { trailerUrl } from '../list-logic';

type TrailerFilm = Pick<Film, 'title' | 'release_year'>;

/** docs/product.md §Watch and trailer: the trailer (or its search) opens in a 600x400 pop-up. */
function openTrailer(film: TrailerFilm, trailerKey: string | null): void {
  const popup = window.open(trailerUrl(film, trailerKey), '_blank', `width=${TRAILER_POPUP.width},height=${TRAILER_POPUP.height}`);
  if (popup) popup.opener = null;
}

/** What Watch Trailer does, as its title (which screen readers read as its description; docs/product.md §Watch and trailer): it leaves the page. */
export const OPENS_YOUTUBE = 'opens YouTube in a new window';

/** `trailerKey`: the film database's trailer (a YouTube id), null while unknown. */
export function WatchTrailer({ film, trailerKey = null }: { film: TrailerFilm; trailerKey?: string | null }) {
  return (
    <button type="button" className="act quiet" title={OPENS_YOUTUBE} onClick={() => openTrailer(film, trailerKey)}>
      <span className="act-label">Watch Trailer</span>
      <Icon name="play" />
    </button>
  );
}
