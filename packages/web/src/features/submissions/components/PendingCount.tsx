import { useSubmissions } from '../api/list-submissions';

/**
 * How many films wait for review, beside the reviewer's Review menu item
 * (docs/product.md §Navigation and shell). Loaded on demand, only for reviewers: visitors and members never
 * download it or ask for the queue. Nothing shows while loading, on failure,
 * or when the queue is empty.
 */
export default function PendingCount() {
  const { data } = useSubmissions(true);
  const count = data?.length ?? 0;
  if (count === 0) return null;
  return (
    <span className="nav-count">
      <span className="visually-hidden">, </span>
      {count}
      <span className="visually-hidden"> waiting</span>
    </span>
  );
}
