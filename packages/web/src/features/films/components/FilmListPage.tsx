import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Film } from '@filmlist/shared/api/films';
import { FILTERS, type Filter } from '@filmlist/shared/constants';
import { messages } from '@filmlist/shared/messages';
import { Promo } from '../../../components/Promo';
import { useAuth } from '../../../lib/auth';
import { Link } from '../../../lib/router';
import { useFilmList } from '../hooks/use-film-list';
import { useVoteActions } from '../hooks/use-vote-actions';
import { emptyVotes, filmPath, hasMentioned, paginate, ratingOf, searchText, titleKeys, visibleFilms } from '../list-logic';
import { MentionDialog } from './MentionDialog';
import { RatingDialog } from './RatingDialog';
import { ShareDialog } from './ShareDialog';
import { WatchFilm } from './WatchFilm';

const FILTER_LABELS: Record<Filter, string> = {
  all: 'All Films',
  notRated: 'Not Rated',
  notMentioned: 'Not Mentioned',
  notHeardBefore: 'Not Heard Before',
};

type OpenDialog = { kind: 'mention' | 'rate' | 'share'; film: Film } | null;

/** SPEC §2: the public home (/) and the member dashboard (/dashboard). */
export function FilmListPage({ member, pageTitle }: { member: boolean; pageTitle: string }) {
  const { user } = useAuth();
  const userId = member ? (user?.user_id ?? null) : null;
  const { films, votes, failed, reload } = useFilmList(member);
  const actions = useVoteActions(userId, votes, reload);
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<Filter>('all');
  const [pageNumber, setPageNumber] = useState(1);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // The table is replaced while a vote is processed; focus then goes back to the film's button.
  const focusAfter = useRef<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (actions.processing || actions.sharePrompt || !focusAfter.current) return;
    const target = document.querySelector<HTMLElement>(`[data-focus-key="${focusAfter.current}"]`);
    focusAfter.current = null;
    if (target && !target.hasAttribute('disabled')) target.focus();
    else heading.current?.focus();
  }, [actions.processing, actions.sharePrompt]);

  useEffect(() => {
    document.title = `${pageTitle} | The Film List`;
  }, [pageTitle]);

  // Lower-cased once per list; each keystroke then filters 10,000 titles by string prefix alone.
  const keys = useMemo(() => (films ? titleKeys(films) : []), [films]);
  const visible = useMemo(() => (films ? visibleFilms(films, query, filter, votes ?? emptyVotes, keys) : []), [films, keys, query, filter, votes]);
  const page = paginate(visible, pageNumber);
  const noMatch = films !== null && query.trim() !== '' && visible.length === 0;
  const columns = member ? 8 : 6;

  const close = () => setDialog(null);
  // Stable, so rows that stay on screen across a keystroke or a filter are not rendered again (FilmRow is memoised).
  const open = useCallback((kind: 'mention' | 'rate' | 'share', film: Film) => setDialog({ kind, film }), []);
  const changeFilter = (next: Filter) => {
    setFilter(next);
    setPageNumber(1);
  };

  let body;
  if (actions.processing) {
    body = (
      <p className="list-status" role="status">
        {actions.processing === 'mention' ? messages.mentionProcessing : messages.ratingProcessing}
      </p>
    );
  } else if (failed && !films) {
    body = (
      <p className="list-status error" role="alert">
        {messages.filmsLoadFailed}
      </p>
    );
  } else {
    body = (
      <>
        <div className="table-wrap">
          <table className={member ? 'film-table member-table' : 'film-table'}>
            <caption className="visually-hidden">The Film List, most undervalued films first</caption>
            <thead>
              <tr>
                <th scope="col">Film Title</th>
                <th scope="col">Year of Release</th>
                <th scope="col">Logline</th>
                <th scope="col">Film Info</th>
                {member && <th scope="col">Heard of Before</th>}
                {member && <th scope="col">Score Film</th>}
                <th scope="col">Watch Film</th>
                <th scope="col">Share Film</th>
              </tr>
            </thead>
            <tbody>
              {films === null ? (
                <LoadingRow columns={columns} member={member} />
              ) : (
                page.items.map((film, position) => (
                  <FilmRow
                    // Keyed by position: when a keystroke or a filter brings other films, the 50 rows
                    // keep their elements and only their text and links change, which costs far less
                    // than removing and creating every row. Rows hold no state of their own.
                    key={position}
                    film={film}
                    member={member}
                    userId={userId}
                    ready={votes !== null && userId !== null}
                    mentioned={votes ? hasMentioned(votes, film.film_id) : false}
                    rating={votes ? ratingOf(votes, film.film_id) : null}
                    onOpen={open}
                  />
                ))
              )}
            </tbody>
          </table>
        </div>
        {films !== null && visible.length === 0 && !noMatch && <p className="list-status">{messages.filterNoFilms}</p>}
        {page.pageCount > 1 && (
          <nav className="pager" aria-label="Pages of the list">
            <button type="button" className="secondary" disabled={page.page <= 1} onClick={() => setPageNumber(page.page - 1)}>
              Previous
            </button>
            <span aria-live="polite">
              Page {page.page} of {page.pageCount}
            </span>
            <button type="button" className="secondary" disabled={page.page >= page.pageCount} onClick={() => setPageNumber(page.page + 1)}>
              Next
            </button>
          </nav>
        )}
      </>
    );
  }

  return (
    <div className="film-list-page">
      <h1 ref={heading} tabIndex={-1}>
        The Film List
      </h1>
      <Promo />
      <div className="list-controls">
        <div className="search">
          <label htmlFor="film-search">Search by film title</label>
          <input
            id="film-search"
            type="search"
            autoComplete="off"
            value={query}
            onChange={(event) => {
              setQuery(searchText(event.target.value));
              setPageNumber(1);
            }}
          />
        </div>
        {member && (
          <div className="filters" role="group" aria-label="Filter films">
            {FILTERS.map((value) => (
              <button
                key={value}
                type="button"
                className={filter === value ? undefined : 'secondary'}
                aria-pressed={filter === value}
                disabled={votes === null}
                onClick={() => changeFilter(value)}
              >
                {FILTER_LABELS[value]}
              </button>
            ))}
          </div>
        )}
      </div>
      <div className="search-status" role="status" aria-live="polite">
        {noMatch && !actions.processing ? messages.searchNoMatch : ''}
      </div>
      {body}
      <MentionDialog
        film={dialog?.kind === 'mention' ? dialog.film : null}
        onClose={close}
        onAnswer={(film, mentioned) => {
          close();
          focusAfter.current = `rate-${film.film_id}`;
          void actions.mention(film, mentioned);
        }}
      />
      <RatingDialog
        film={dialog?.kind === 'rate' ? dialog.film : null}
        current={dialog && votes ? ratingOf(votes, dialog.film.film_id) : null}
        onClose={close}
        onChoose={(film, rating) => {
          close();
          focusAfter.current = `rate-${film.film_id}`;
          void actions.rate(film, rating);
        }}
      />
      <ShareDialog film={dialog?.kind === 'share' ? dialog.film : actions.sharePrompt} onClose={dialog?.kind === 'share' ? close : actions.closeSharePrompt} />
    </div>
  );
}

function LoadingRow({ columns, member }: { columns: number; member: boolean }) {
  return (
    <tr>
      <td>Loading...</td>
      {Array.from({ length: columns - 1 }, (_, i) =>
        (member && (i === 3 || i === 4)) || i >= columns - 3 ? (
          <td key={i}>
            <button type="button" disabled>
              Loading...
            </button>
          </td>
        ) : (
          <td key={i}>Loading...</td>
        ),
      )}
    </tr>
  );
}

/** One film; its props are plain values and a stable callback, so an unchanged row skips rendering. */
const FilmRow = memo(function FilmRow({
  film,
  member,
  userId,
  ready,
  mentioned,
  rating,
  onOpen,
}: {
  film: Film;
  member: boolean;
  userId: number | null;
  /** the member's votes are loaded */
  ready: boolean;
  mentioned: boolean;
  rating: number | null;
  onOpen: (kind: 'mention' | 'rate' | 'share', film: Film) => void;
}) {
  return (
    <tr>
      <th scope="row" data-label="Film Title">
        {film.title}
      </th>
      <td data-label="Year of Release">{film.release_year}</td>
      <td data-label="Logline">{film.description}</td>
      <td data-label="Film Info">
        <Link to={filmPath(film, member)} state={{ film }}>
          Film Info
        </Link>
      </td>
      {member && (
        <td data-label="Heard of Before">
          <button type="button" data-focus-key={`mention-${film.film_id}`} disabled={!ready || mentioned} onClick={() => onOpen('mention', film)}>
            {!ready ? 'Loading...' : mentioned ? 'Mentioned' : 'Mention'}
          </button>
        </td>
      )}
      {member && (
        <td data-label="Score Film">
          <button type="button" data-focus-key={`rate-${film.film_id}`} disabled={!ready} onClick={() => onOpen('rate', film)}>
            {!ready ? 'Loading...' : rating === null ? 'Rate' : `Rate (${rating})`}
          </button>
        </td>
      )}
      <td data-label="Watch Film">
        <WatchFilm film={film} memberId={userId} />
      </td>
      <td data-label="Share Film">
        <button type="button" className="secondary" onClick={() => onOpen('share', film)}>
          Share
        </button>
      </td>
    </tr>
  );
});
