import type { Film } from '@filmlist/shared/api/films';
import { Icon } from '../../../components/Icon';
import { recordWatchClick } from '../api/record-watch-click';

/** SPEC §2, §5: opens the film's watch link in a new tab and records the click; a quiet disabled state without a link. */
export function WatchFilm({ film, memberId }: { film: Pick<Film, 'film_id' | 'watch_link'>; memberId: number | null }) {
  if (!film.watch_link) {
    return (
      <button type="button" className="act unavailable" disabled>
        <span className="act-label">Link Not Available</span>
      </button>
    );
  }
  return (
    <a
      className="act quiet"
      href={film.watch_link}
      target="_blank"
      rel="noopener noreferrer"
      onClick={() => void recordWatchClick(film.film_id, memberId)}
    >
      <span className="act-label">Watch Film</span>
      <Icon name="play" />
    </a>
  );
}
