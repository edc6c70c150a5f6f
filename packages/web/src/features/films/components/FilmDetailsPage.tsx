import { messages } from '@filmlist/shared/messages';
import { LoadFailure } from '../../../components/LoadFailure';
import { useAuth } from '../../../lib/auth';
import { Link, Navigate, useLocation, useParams } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useStanding } from '../api/get-standing';
import { useMemberVotes } from '../hooks/use-member-votes';
import { useMovedFilm } from '../hooks/use-moved-film';
import { useRouteFilm } from '../hooks/use-route-film';
import { filmPath, ratingOf } from '../list-logic';
import { BackToList } from './BackToList';
import { JoinInvitation } from './JoinInvitation';
import { MemberVoting } from './MemberVoting';
import { ShareOptions } from './ShareOptions';
import { StandingPanel } from './StandingPanel';
import { WatchFilm } from './WatchFilm';
import { WatchTrailer } from './WatchTrailer';

/**
 * SPEC §2: /films/{filmDetails} for everyone, /films/private/{filmDetails} for
 * members. It leads with the film's standing and chart (issues 13 and 17); a
 * signed-in member who follows a shared public link gets the private page.
 */
export default function FilmDetailsPage(props: { private: boolean }) {
  const slug = useParams().filmDetails ?? '';
  const location = useLocation();
  const { user, isAuthenticated } = useAuth();
  if (!props.private && isAuthenticated) return <Navigate to={filmPath({ slug }, true)} replace state={location.state} />;
  return (
    <FilmDetails
      member={props.private}
      slug={slug}
      state={location.state}
      userId={props.private ? (user?.user_id ?? null) : null}
      reviewer={user?.isReviewer === true}
    />
  );
}

function FilmDetails({
  member,
  slug,
  state,
  userId,
  reviewer,
}: {
  member: boolean;
  slug: string;
  state: unknown;
  userId: number | null;
  reviewer: boolean;
}) {
  const loaded = useRouteFilm(slug, state);
  // Asked for alongside the film, and shared with the list.
  const votes = useMemberVotes(userId);
  const film = loaded.status === 'ready' ? loaded.film : null;
  const standing = useStanding(film ? film.slug : null);
  useDocumentTitle(film ? film.title : 'Film details');
  useMovedFilm(slug, film, member);
  const notice = noticeIn(state);

  if (loaded.status === 'loading') return <p className="page-loading">Loading...</p>;
  if (!film) {
    return (
      <div className="film-details">
        <h1>Film details</h1>
        {loaded.status === 'failed' ? (
          <LoadFailure message={messages.filmLoadFailed} onRetry={loaded.retry} retrying={loaded.retrying} />
        ) : (
          <p className="error" role="alert">
            {messages.filmNotFound}
          </p>
        )}
        <BackToList state={state} member={member} />
      </div>
    );
  }

  return (
    <article className="film-details">
      <BackToList state={state} member={member} />
      <h1>{film.title}</h1>
      <p className="success form-message" role="status">
        {notice}
      </p>
      <div className="film-layout">
        {standing.data ? (
          <StandingPanel standing={standing.data} title={film.title} mine={votes ? ratingOf(votes, film.film_id) : null} />
        ) : (
          standing.isPending && <div className="standing-panel standing-loading" aria-hidden="true" />
        )}
        <div className="film-body">
          <dl className="film-facts">
            <dt>Year of Release</dt>
            <dd>{film.release_year}</dd>
            <dt>Logline</dt>
            <dd>{film.description}</dd>
          </dl>
          <div className="actions">
            <WatchTrailer film={film} />
            <WatchFilm film={film} memberId={userId} />
          </div>
          {member ? <MemberVoting film={film} userId={userId} votes={votes} /> : <JoinInvitation />}
          {member && reviewer && (
            <p className="film-section">
              <Link to={`/master/films/${encodeURIComponent(film.slug)}/edit`}>Edit or remove this film</Link>
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
