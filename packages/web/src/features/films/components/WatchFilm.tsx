import type { Film } from '@filmlist/shared/api/films';
import { recordWatchClick } from '../api/record-watch-click';

/** SPEC §2, §5: opens the film's watch link in a new tab and records the click; disabled without a link. */
export function WatchFilm({ film, memberId }: { film: Pick<Film, 'film_id' | 'watch_link'>; memberId: number | null }) {
  if (!film.watch_link) {
    return (
      <button type="button" disabled>
        Link Not Available
      </button>
    );
  }
  return (
    <a
      className="button"
      href={film.watch_link}
      target="_blank"
      rel="noopener noreferrer"
      onClick={() => void recordWatchClick(film.film_id, memberId)}
    >
      Watch Film
    </a>
  );
}
