import type { Film } from '@filmlist/shared/api/films';
import { useWatchlistActions } from '../hooks/use-watchlist-actions';
import { SaveToggle } from './SaveToggle';
import { WatchlistFailure } from './WatchlistFailure';

/** A film page's Save / Saved, for a signed-in member (docs/product.md §Watchlist), with what went wrong if it did. */
export function SaveFilmButton({ film, userId }: { film: Film; userId: number }) {
  const watchlist = useWatchlistActions(userId);
  const saved = watchlist.saved ? watchlist.saved.has(film.film_id) : null;
  return (
    <>
      <SaveToggle saved={saved} onToggle={() => watchlist.toggle(film, saved !== true)} />
      <WatchlistFailure failure={watchlist.failure} onDismiss={watchlist.dismissFailure} />
    </>
  );
}
