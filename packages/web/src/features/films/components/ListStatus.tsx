import { filteredOutNotice, messages } from '@filmlist/shared/messages';
import { Link } from '../../../lib/router';
import type { ListFilter } from '../list-logic';
import { FILTER_LABELS } from './ListControls';

interface ListStatusProps {
  /** nothing on the whole list matches the search */
  noMatch: boolean;
  /** films that match the search but not the filter */
  filteredOut: number;
  filter: ListFilter;
  member: boolean;
  /** a vote is being processed: the list says so instead */
  busy: boolean;
  onShowAll: () => void;
}

const [beforeLink, afterLink] = messages.searchNoMatch.split('adding the film');

/**
 * What a search found nothing for, in a polite live region. The spec's
 * message is for a real no-match (members get "adding the film" as a link to
 * /addfilm); a film the filter leaves out is said to be on the list (issue 17).
 */
export function ListStatus({ noMatch, filteredOut, filter, member, busy, onShowAll }: ListStatusProps) {
  return (
    <div className="search-status" role="status" aria-live="polite">
      {busy ? null : noMatch ? (
        member && afterLink !== undefined ? (
          <p>
            {beforeLink}
            <Link to="/addfilm">adding the film</Link>
            {afterLink}
          </p>
        ) : (
          <p>{messages.searchNoMatch}</p>
        )
      ) : filteredOut > 0 ? (
        <p>
          {filteredOutNotice(filteredOut, FILTER_LABELS[filter])}{' '}
          <button type="button" className="link-button" onClick={onShowAll}>
            {messages.showAllFilms}
          </button>
        </p>
      ) : null}
    </div>
  );
}
