import { useEffect, useRef, useState } from 'react';
import type { AuditEntry } from '@filmlist/shared/api/reviewers';
import { messages } from '@filmlist/shared/messages';
import { ProcessingButton } from '../../../components/ProcessingButton';
import { Link } from '../../../lib/router';
import { useReviewHistory } from '../api/get-review-history';
import { momentOf } from '../utils/dates';
import { ACTION_WORDS, changesOf } from '../utils/history';
import { isForbidden } from '../utils/film-form';
import { editFilmPath, filmPath } from '../../../lib/film-paths';

/** The reviewers' history beside the queue (docs/product.md §Reviewer tools): every decision, newest first, a page at a time. */
export function ReviewHistory() {
  const history = useReviewHistory();
  const list = useRef<HTMLOListElement>(null);
  // After "Load more", focus goes to the first entry loaded (the button may be gone).
  const [focusAt, setFocusAt] = useState<number | null>(null);
  const entries = history.data?.pages.flatMap((page) => page.entries) ?? [];

  useEffect(() => {
    if (focusAt === null) return;
    const item = list.current?.children[focusAt];
    if (item instanceof HTMLElement) item.focus();
  }, [focusAt, entries.length]);

  // A member who does not review is told so by the queue beside it.
  if (isForbidden(history.error)) return null;

  const loadMore = async () => {
    const shown = entries.length;
    const result = await history.fetchNextPage();
    if (!result.isError) setFocusAt(shown);
  };

  return (
    <section className="review-history" aria-labelledby="history-heading">
      <h2 id="history-heading">History</h2>
      {history.isPending ? (
        <p className="page-loading">Loading...</p>
      ) : history.isError && entries.length === 0 ? (
        <p className="error" role="alert">
          {messages.reviewHistoryLoadFailed}
        </p>
      ) : entries.length === 0 ? (
        <p className="queue-empty">No reviewer has decided anything yet.</p>
      ) : (
        <>
          <ol className="history-list" ref={list}>
            {entries.map((entry) => (
              <li key={entry.audit_id} tabIndex={-1}>
                <HistoryEntry entry={entry} />
              </li>
            ))}
          </ol>
          {history.isFetchNextPageError && (
            <p className="error" role="alert">
              {messages.reviewHistoryLoadFailed}
            </p>
          )}
          {history.hasNextPage && (
            <div className="actions">
              <ProcessingButton
                type="button"
                className="secondary"
                processing={history.isFetchingNextPage}
                onClick={() => void loadMore()}
                label="Load more"
              />
            </div>
          )}
        </>
      )}
    </section>
  );
}

function HistoryEntry({ entry }: { entry: AuditEntry }) {
  const film = `${entry.title} (${entry.release_year})`;
  const shown = (
    <>
      <bdi>{entry.title}</bdi> ({entry.release_year})
    </>
  );
  const changes = changesOf(entry);
  return (
    <>
      <p className="history-what">
        <strong>{entry.reviewer}</strong> {ACTION_WORDS[entry.action]}{' '}
        {entry.film_slug === null ? shown : <Link to={filmPath({ slug: entry.film_slug }, true)}>{shown}</Link>}
      </p>
      <p className="queue-meta">
        <time dateTime={entry.at}>{momentOf(entry.at)}</time>
      </p>
      {entry.reason && <p className="history-reason">Reason: {entry.reason}</p>}
      {changes.length > 0 && (
        <ul className="history-changes">
          {changes.map((change) => (
            <li key={change.label}>
              {change.label}: <del>{change.from}</del> <span aria-hidden="true">→</span> <span className="visually-hidden">changed to</span>{' '}
              <ins>{change.to}</ins>
            </li>
          ))}
        </ul>
      )}
      {entry.film_slug !== null && (
        <p>
          <Link to={editFilmPath(entry.film_slug)} aria-label={`Edit ${film}`}>
            Edit
          </Link>
        </p>
      )}
    </>
  );
}
