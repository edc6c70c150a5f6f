import type { Page } from '../list-logic';

/** Previous and Next through the list's pages; nothing when there is one page. */
export function Pager({ page, onPage }: { page: Page<unknown>; onPage: (page: number) => void }) {
  if (page.pageCount <= 1) return null;
  return (
    <nav className="pager" aria-label="Pages of the list">
      <button type="button" className="secondary" disabled={page.page <= 1} onClick={() => onPage(page.page - 1)}>
        Previous
      </button>
      <span aria-live="polite">
        Page {page.page} of {page.pageCount}
      </span>
      <button type="button" className="secondary" disabled={page.page >= page.pageCount} onClick={() => onPage(page.page + 1)}>
        Next
      </button>
    </nav>
  );
}
