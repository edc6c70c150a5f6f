import { useMemo, useState } from 'react';
import { messages, rankOnList, takenOffWatchlist } from '@filmlist/shared/messages';
import { LoadFailure } from '../../../components/LoadFailure';
import { useAuth } from '../../../lib/auth';
import type { RankedFilm } from '../../../lib/decoders';
import { Link, useLocation, useNavigate } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { RateButton } from './RateButton';
import { RatingDialog } from './RatingDialog';
import { ShareDialog } from './ShareDialog';
import { ShortStanding } from './ShortStanding';
import { hideBroken, posterSrc } from './Poster';
import { VoteNotice } from './VoteNotice';
import { WatchFilm } from './WatchFilm';
import { useMemberVotes } from '../hooks/use-member-votes';
import { useVoteActions, voteOffer } from '../hooks/use-vote-actions';
import { filmPath } from '../../../lib/film-paths';
import { ratingOf } from '../list-logic';
import { useWatchlist } from '../api/get-watchlist';
import { useWatchlistActions } from '../hooks/use-watchlist-actions';
import { LetterboxdExport } from '../../../components/LetterboxdExport';
import { SaveToggle } from './SaveToggle';
import { VoteOffer } from './VoteOffer';
import { WatchlistFailure } from './WatchlistFailure';

type Sort = 'added' | 'rank';
const SORTS: { value: Sort; label: string }[] = [
  { value: 'added', label: 'Date added' },
  { value: 'rank', label: 'Rank' },
];

/** The order the address asks for (?sort=rank); newest first otherwise. */
const sortIn = (search: string): Sort => (new URLSearchParams(search).get('sort') === 'rank' ? 'rank' : 'added');

/**
 * docs/product.md §Watchlist: /watchlist, the member's films to watch later, newest first or by rank, each with
 * its poster, standing and watch link; a film rated here is offered to be taken off; and the Letterboxd files.
 */
export default function WatchlistPage() {
  useDocumentTitle(messages.watchlistHeading);
  const { user } = useAuth();
  const userId = user?.user_id ?? null;
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const sort = sortIn(search);
  const list = useWatchlist(userId);
  const votes = useMemberVotes(userId);
  const actions = useVoteActions(userId, votes);
  const watchlist = useWatchlistActions(userId);
  const [rating, setRating] = useState<RankedFilm | null>(null);
  const offer = voteOffer(actions.outcome, watchlist.saved);
  // The film last taken off here, until Undo, Dismiss, another vote, or the notice's time is up.
  const [removed, setRemoved] = useState<RankedFilm | null>(null);
  const removal = useMemo(() => (removed ? { ok: true as const, film: removed, text: takenOffWatchlist(removed.title) } : null), [removed]);
  const takeOff = (film: RankedFilm) => {
    actions.dismissOutcome();
    setRemoved(film);
    watchlist.toggle(film, false);
  };
  const undo = (film: RankedFilm) => {
    setRemoved(null);
    watchlist.toggle(film, true);
  };

  const films = list.data ? (sort === 'rank' ? [...list.data.films].sort((a, b) => a.rank - b.rank) : list.data.films) : null;

  return (
    <div className="watchlist-page">
      <h1>{messages.watchlistHeading}</h1>
      <div className="watchlist-bar">
        <div className="filters" role="group" aria-label="Sort by">
          <span className="sort-label" aria-hidden="true">
            Sort by
          </span>
          {SORTS.map(({ value, label }) => (
            <button
              key={value}
              type="button"
              className="filter"
              aria-pressed={sort === value}
              onClick={() => navigate(`${pathname}${value === 'rank' ? '?sort=rank' : ''}`, { replace: true })}
            >
              {label}
            </button>
          ))}
        </div>
        <LetterboxdExport />
      </div>
      {actions.processing === 'rating' ? (
        <p className="list-status" role="status">
          {messages.ratingProcessing}
        </p>
      ) : list.isError && !films ? (
        <LoadFailure message={messages.watchlistLoadFailed} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : !films ? (
        <p className="page-loading">Loading...</p>
      ) : films.length === 0 ? (
        <p className="watchlist-empty">
          {messages.watchlistEmpty} <Link to="/dashboard">{messages.backToList}</Link>
        </p>
      ) : (
        <ol className="watchlist-films">
          {films.map((film, index) => {
            const src = posterSrc(film, 185);
            // The public address: the one a member copies to send a friend (docs/product.md §Film addresses).
            const page = filmPath(film, false);
            const state = { film, fromList: true };
            return (
              <li key={film.film_id} className="watchlist-film" data-film-id={film.film_id}>
                <Link className="watchlist-poster" to={page} state={state} tabIndex={-1} aria-hidden="true">
                  {src && (
                    <img
                      src={src}
                      width={80}
                      height={120}
                      alt=""
                      loading={index < 4 ? 'eager' : 'lazy'}
                      decoding="async"
                      onError={hideBroken}
                    />
                  )}
                </Link>
                <div className="watchlist-body">
                  <h2>
                    <Link to={page} state={state}>
                      <bdi>{film.title}</bdi>
                    </Link>{' '}
                    <span className="watchlist-year">{film.release_year}</span>
                  </h2>
                  <p className="watchlist-rank">{rankOnList(film.rank, list.data?.ranked_films ?? film.rank)}</p>
                  <p className="watchlist-standing">
                    <ShortStanding film={film} rank={film.rank} films={list.data?.ranked_films ?? film.rank} />
                  </p>
                  <div className="watchlist-actions">
                    <RateButton
                      ready={votes !== null}
                      rating={votes ? ratingOf(votes, film.film_id) : null}
                      lead={false}
                      onClick={() => setRating(film)}
                    />
                    <WatchFilm film={film} memberId={userId} />
                    <SaveToggle saved={watchlist.saved?.has(film.film_id) ?? true} onToggle={() => takeOff(film)} />
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <RatingDialog
        film={rating}
        current={rating && votes ? ratingOf(votes, rating.film_id) : null}
        onClose={() => setRating(null)}
        onChoose={(film, value) => {
          setRating(null);
          setRemoved(null);
          void actions.rate(film, value);
        }}
      />
      <ShareDialog film={actions.sharePrompt} onClose={actions.closeSharePrompt} prompted />
      {removal && !watchlist.failure ? (
        <VoteNotice outcome={removal} onDismiss={() => setRemoved(null)}>
          <button type="button" className="act lead" onClick={() => undo(removal.film)}>
            <span className="act-label">Undo</span>
          </button>
        </VoteNotice>
      ) : (
        <VoteNotice outcome={actions.outcome} onDismiss={actions.dismissOutcome}>
          {offer && actions.outcome && (
            <VoteOffer offer={offer} film={actions.outcome.film} onSave={watchlist.toggle} onTakenOff={actions.dismissOutcome} />
          )}
        </VoteNotice>
      )}
      <WatchlistFailure failure={watchlist.failure} onDismiss={watchlist.dismissFailure} />
    </div>
  );
}
