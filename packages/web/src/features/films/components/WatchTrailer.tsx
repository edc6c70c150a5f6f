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

/** `trailerKey`: the film database's trailer (a YouTube id), null while unknown. */
export function WatchTrailer({ film, trailerKey = null }: { film: TrailerFilm; trailerKey?: string | null }) {
  return (
    <button type="button" className="act quiet" onClick={() => openTrailer(film, trailerKey)}>
      <span className="act-label">Watch Trailer</span>
      <Icon name="play" />
    </button>
  );
}
