import { useLiveList } from '../api/use-live-list';

/** docs/product.md §Live list: the list follows the server's versions, and says so quietly when it changed. */
export function LiveListStatus() {
  const said = useLiveList();
  return (
    <p className="visually-hidden" role="status" aria-live="polite">
      {said}
    </p>
  );
}
