import type { FilmDetail, FilmFacts } from '@filmlist/shared/api/films';
import { messages } from '@filmlist/shared/messages';
import { ListSearch } from '../../../components/ListSearch';
import { LoadFailure } from '../../../components/LoadFailure';
import { useAuth } from '../../../lib/auth';
import { Link, useLocation, useParams } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useStanding } from '../api/get-standing';
import { useMemberVotes } from '../hooks/use-member-votes';
import { useMovedFilm } from '../hooks/use-moved-film';
import { useRouteFilm } from '../hooks/use-route-film';
import { ratingOf } from '../list-logic';
import { BackToList } from './BackToList';
import { FilmCredits } from './FilmCredits';
import { FilmHero } from './FilmHero';
import { JoinInvitation } from './JoinInvitation';
import { MemberVoting } from './MemberVoting';
import { RecommendationNote } from './RecommendationNote';
import { ShareOptions } from './ShareOptions';
import { StandingPanel } from './StandingPanel';
import { WatchFilm } from './WatchFilm';
import { WatchTrailer } from './WatchTrailer';
import { SaveFilmButton } from './SaveFilmButton';
import { WhereToWatch } from './WhereToWatch';
import { editFilmPath } from '../../../lib/film-paths';

/** What the page shows beyond the list's row: the standing's copy, or the film's own answer. */
type PageFacts = FilmFacts & Pick<FilmDetail, 'directors' | 'poster_url' | 'recommendation'>;

/**
 * docs/product.md §Film page: /films/{filmDetails} for everyone, /films/private/{filmDetails} for
 * members. It leads with the film itself (poster, title, credits, logline, the watch buttons), who
 * recommended it and why, then its standing and chart (§Standing), then where to watch it, its
 * details and its pages elsewhere. A signed-in member sees their voting controls on either address,
 * so the address they copy can be the public one.
 */
export default function FilmDetailsPage(props: { private: boolean }) {
  const slug = useParams().filmDetails ?? '';
  const location = useLocation();
  const { user, isAuthenticated } = useAuth();
  return (
    <FilmDetails
      privatePage={props.private}
      slug={slug}
      state={location.state}
      userId={isAuthenticated ? (user?.user_id ?? null) : null}
      reviewer={user?.isReviewer === true}
    />
  );
}

function FilmDetails({
  privatePage,
  slug,
  state,
  userId,
  reviewer,
}: {
  /** which of the two addresses the page is at */
  privatePage: boolean;
  slug: string;
  state: unknown;
  /** the signed-in member, who sees their voting controls */
  userId: number | null;
  reviewer: boolean;
}) {
  const member = userId !== null;
  const loaded = useRouteFilm(slug, state);
  // Asked for alongside the film, and shared with the list.
  const votes = useMemberVotes(userId);
  const film = loaded.status === 'ready' ? loaded.film : null;
  const standing = useStanding(film ? film.slug : null);
  useDocumentTitle(film ? film.title : 'Film details');
  useMovedFilm(slug, film, privatePage);
  const notice = noticeIn(state);

  if (loaded.status === 'loading') return <p className="page-loading">Loading...</p>;
  if (loaded.status !== 'ready' || !film) {
    return (
      <div className="film-details">
        <h1>Film details</h1>
        {loaded.status === 'failed' ? (
          <LoadFailure message={messages.filmLoadFailed} onRetry={loaded.retry} retrying={loaded.retrying} />
        ) : (
          <>
            <p className="error" role="alert">
              {messages.filmNotFound}
            </p>
            <ListSearch />
          </>
        )}
        <BackToList state={state} member={member} />
      </div>
    );
  }

  const facts: PageFacts | null = standing.data ?? loaded.detail;
  const posterUrl = facts?.poster_url ?? loaded.listed?.poster_url ?? null;
  const directors = facts?.directors ?? loaded.listed?.directors ?? [];

  return (
    <article className="film-details">
      <BackToList state={state} member={member} />
      <FilmHero film={film} posterUrl={posterUrl} directors={directors} facts={facts}>
        <WatchTrailer film={film} trailerKey={facts?.trailer_key ?? null} />
        <WatchFilm film={film} memberId={userId} />
        {userId !== null && <SaveFilmButton film={film} userId={userId} />}
      </FilmHero>
      <p className="success form-message" role="status">
        {notice}
      </p>
      {facts?.recommendation && <RecommendationNote recommendation={facts.recommendation} />}
      <div className="film-layout">
        {standing.data ? (
          <StandingPanel standing={standing.data} title={film.title} mine={votes ? ratingOf(votes, film.film_id) : null} />
        ) : (
          standing.isPending && <div className="standing-panel standing-loading" aria-hidden="true" />
        )}
        <div className="film-body">
          {member ? <MemberVoting film={film} userId={userId} votes={votes} /> : <JoinInvitation />}
          <WhereToWatch offers={facts?.where_to_watch ?? null} />
          <FilmCredits film={film} facts={facts} />
          {member && reviewer && (
            <p className="film-section">
              <Link to={editFilmPath(film.slug)}>Edit or remove this film</Link>
            </p>
          )}
          <section className="film-section" aria-labelledby="share-heading">
            <h2 id="share-heading">Share Film</h2>
            <ShareOptions film={film} />
          </section>
        </div>
      </div>
    </article>
  );
}

/** What the page that sent the reviewer here said (the edit form: "The film has been updated."). */
function noticeIn(state: unknown): string {
  return typeof state === 'object' && state !== null && 'notice' in state && typeof state.notice === 'string' ? state.notice : '';
}
