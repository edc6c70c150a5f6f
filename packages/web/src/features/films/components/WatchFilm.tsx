import type { Film } from '@filmlist/shared/api/films';
import { Icon } from '../../../components/Icon';
import { useRecordWatchClick } from '../api/record-watch-click';

/**
 * docs/product.md §Watch and trailer: opens the film's watch link in a new tab and records the click.
 * Without a link it says so in quiet text, not as a control that looks broken (§List rows).
 */
export function WatchFilm({ film, memberId }: { film: Pick<Film, 'film_id' | 'watch_link'>; memberId: number | null }) {
  const { mutate: recordClick } = useRecordWatchClick();
  if (!film.watch_link) return <span className="watch-none">Link Not Available</span>;
  return (
    <a
      className="act quiet"
      href={film.watch_link}
      target="_blank"
      rel="noopener noreferrer"
      onClick={() => recordClick({ filmId: film.film_id, memberId })}
    >
      <span className="act-label">Watch Film</span>
      <Icon name="play" />
    </a>
  );
}
