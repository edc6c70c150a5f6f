import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import type { Film } from '@filmlist/shared/api/films';
import { messages } from '@filmlist/shared/messages';
import { Promo } from '../../../components/Promo';
import { useAuth } from '../../../lib/auth';
import { Link, useLocation } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFilmList } from '../hooks/use-film-list';
import { useFocusAfterVote } from '../hooks/use-focus-after-vote';
import { useJustVoted } from '../hooks/use-just-voted';
import { useListScroll } from '../hooks/use-list-scroll';
import { useListView } from '../hooks/use-list-view';
import { useVoteActions, voteOffer, type Processing } from '../hooks/use-vote-actions';
import { useNewFilms } from '../api/new-films';
import { WatchlistFailure } from './WatchlistFailure';
import { useWatchlistActions } from '../hooks/use-watchlist-actions';
import type { RowAction } from './FilmRow';
import { FilmTable } from './FilmTable';
import { ListControls } from './ListControls';
import type { OpenDialog } from './ListDialogs';
import { ListStatus } from './ListStatus';
import { LiveListStatus } from './LiveListStatus';
import { NewFilmsShelf } from './NewFilmsShelf';
import { Pager } from './Pager';
import { VoteNotice } from './VoteNotice';

// Loaded only when the list fails to load, so the first view of / does not carry it.
const LoadFailure = lazy(() => import('../../../components/LoadFailure').then((module) => ({ default: module.LoadFailure })));
// The pop-ups are fetched once the list is on screen (see below), not with the first view.
const loadDialogs = () => import('./ListDialogs');
/** Offered only after some votes (a "No", a rating of a saved film): its code comes then. */
const VoteOffer = lazy(() => import('./VoteOffer').then((module) => ({ default: module.VoteOffer })));
const ListDialogs = lazy(loadDialogs);

/** More rows than a tall screen shows: the first paint of the page's first films needs no more (docs/product.md §Loading the list). */
const FIRST_PAINT_ROWS = 12;

/** docs/product.md §Public screens, §Member screens: the public home (/) and the member dashboard (/dashboard). */
export function FilmListPage({ member, pageTitle }: { member: boolean; pageTitle: string }) {
  useDocumentTitle(pageTitle);
  const { user } = useAuth();
  const location = useLocation();
  const userId = member ? (user?.user_id ?? null) : null;
  const { films, first, votes, failed, current, retry, retrying } = useFilmList(userId, member);
  const actions = useVoteActions(userId, votes);
  const view = useListView(films, votes, member);
  // Until the full list is in, the first films the page came with are its first rows, unless a search or a filter asks for
  // others (§Loading the list).
  const early = films === null && first !== null && view.query === '' && view.filter === 'all' ? first : null;
  // The first render paints a screenful of them; the rest follow in an interruptible render, so the
  // rows below the fold do not lengthen the task that paints the first ones.
  const firstPaint = useDeferredValue(false, true);
  const earlyRows = early === null ? null : firstPaint ? early.films.slice(0, FIRST_PAINT_ROWS) : early.films;
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const watchlist = useWatchlistActions(member ? userId : null);
  const offer = voteOffer(actions.outcome, watchlist.saved);
  // Asked for once the list is in, so it never delays the first rows (§New films).
  const shelf = useNewFilms(userId, films !== null);
  const heading = useRef<HTMLHeadingElement>(null);
  const rowsShown = films !== null && current && actions.processing === null;
  const focusAfterVote = useFocusAfterVote(!rowsShown || actions.sharePrompt !== null, heading);
  const justVoted = useJustVoted(actions.outcome, rowsShown);
  useListScroll(location.state, rowsShown);
  useEffect(() => {
    if (films !== null) void loadDialogs();
  }, [films]);

  const close = () => setDialog(null);
  // Stable, so rows that stay on screen across a keystroke or a filter are not rendered again (FilmRow is memoised).
  const open = useCallback((kind: RowAction, film: Film) => setDialog({ kind, film }), []);
  const voted = (film: Film) => {
    close();
    focusAfterVote(`rate-${film.film_id}`);
  };

  return (
    <div className="film-list-page">
      <div className="list-head">
        <h1 ref={heading} tabIndex={-1}>
          The Film List
        </h1>
        <p className="list-intro">
          {messages.listExplainer} <Link to="/about#how-the-list-works">{messages.howTheListWorks}</Link>
        </p>
      </div>
      <Promo />
      <ListControls
        member={member}
        query={view.query}
        filter={view.filter}
        filtersReady={votes !== null}
        count={films ? view.count : (early?.total ?? null)}
        containing={view.containing.length}
        onSearch={view.search}
        onFilter={view.changeFilter}
      />
      <ListStatus
        noMatch={view.noMatch}
        filteredOut={view.filteredOut}
        filter={view.filter}
        member={member}
        query={view.query}
        containing={view.containing}
        ranks={view.ranks}
        busy={actions.processing !== null}
        onShowAll={view.showAll}
      />
      <LiveListStatus />
      {/* Above the rows, its height kept from the first paint; set aside while a search or a filter narrows the list (§New films). */}
      {view.query.trim() === '' && view.filter === 'all' && !actions.processing && !(failed && !films) && (
        <NewFilmsShelf
          films={shelf.isError ? [] : (shelf.data?.films ?? null)}
          member={member}
          allAnswered={shelf.data?.all_answered ?? false}
        />
      )}
      {actions.processing ? (
        <ProcessingVote processing={actions.processing} />
      ) : failed && !films ? (
        <Suspense fallback={<p className="list-status error">{messages.filmsLoadFailed}</p>}>
          <LoadFailure className="list-status" message={messages.filmsLoadFailed} onRetry={retry} retrying={retrying} />
        </Suspense>
      ) : (
        <>
          <FilmTable
            films={films ? view.page.items : earlyRows}
            ranks={view.ranks}
            total={films?.length ?? early?.total ?? 0}
            member={member}
            userId={userId}
            votes={votes}
            saved={watchlist.saved}
            highlighted={justVoted}
            onOpen={open}
            onSave={watchlist.toggle}
          />
          {view.empty && !view.noMatch && view.filteredOut === 0 && <p className="list-status">{messages.filterNoFilms}</p>}
          <Pager page={view.page} onPage={view.goToPage} />
        </>
      )}
      {(dialog !== null || actions.sharePrompt !== null) && (
        <Suspense fallback={null}>
          <ListDialogs
            dialog={dialog}
            votes={votes}
            sharePrompt={actions.sharePrompt}
            onClose={close}
            onCloseSharePrompt={actions.closeSharePrompt}
            onMention={(film, heard) => {
              voted(film);
              void actions.mention(film, heard);
            }}
            onRate={(film, rating) => {
              voted(film);
              void actions.rate(film, rating);
            }}
          />
        </Suspense>
      )}
      <VoteNotice outcome={actions.outcome} onDismiss={actions.dismissOutcome}>
        {offer && actions.outcome && (
          <Suspense fallback={null}>
            <VoteOffer offer={offer} film={actions.outcome.film} onSave={watchlist.toggle} onTakenOff={actions.dismissOutcome} />
          </Suspense>
        )}
      </VoteNotice>
      <WatchlistFailure failure={watchlist.failure} onDismiss={watchlist.dismissFailure} />
    </div>
  );
}

/** §Voting on the list: the table gives way to this while a vote is processed. */
function ProcessingVote({ processing }: { processing: Exclude<Processing, null> }) {
  return (
    <p className="list-status" role="status">
      {processing === 'mention' ? messages.mentionProcessing : messages.ratingProcessing}
    </p>
  );
}
