import type { Film } from '@filmlist/shared/api/films';
import { TRAILER_POPUP } from '@filmlist/shared/constants';
import { Icon } from '../../../components/Icon';
import { trailerUrl } from '../list-logic';

/** SPEC §7: the trailer search opens in a 600x400 pop-up. */
function openTrailer(film: Pick<Film, 'title' | 'release_year'>): void {
  const popup = window.open(trailerUrl(film), '_blank', `width=${TRAILER_POPUP.width},height=${TRAILER_POPUP.height}`);
  if (popup) popup.opener = null;
}

export function WatchTrailer({ film }: { film: Pick<Film, 'title' | 'release_year'> }) {
  return (
    <button type="button" className="act quiet" onClick={() => openTrailer(film)}>
      <span className="act-label">Watch Trailer</span>
      <Icon name="play" />
    </button>
  );
}
