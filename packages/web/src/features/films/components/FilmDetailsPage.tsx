import { useCallback, useEffect, useRef, useState } from 'react';
import type { Film } from '@filmlist/shared/api/films';
import { SITE_NAME, TRAILER_POPUP } from '@filmlist/shared/constants';
import { mentionQuestion, messages } from '@filmlist/shared/messages';
import { useAuth } from '../../../lib/auth';
import { filmDecoder } from '../../../lib/decoders';
import { useLocation, useParams } from '../../../lib/router';
import { getFilmDetails } from '../api/get-film-details';
import { getMyVotes } from '../api/get-my-votes';
import { useVoteActions } from '../hooks/use-vote-actions';
import { hasMentioned, ratingOf, trailerUrl, type Votes } from '../list-logic';
import { RatingDialog } from './RatingDialog';
import { ShareDialog } from './ShareDialog';
import { ShareOptions } from './ShareOptions';
import { WatchFilm } from './WatchFilm';

/** The film the list passed along in navigation state, if it is the one in the URL. */
function filmFromState(state: unknown, slug: string): Film | null {
  if (typeof state !== 'object' || state === null || !('film' in state)) return null;
  const parsed = filmDecoder.safeParse(state.film);
  return parsed.success && parsed.data.slug === slug ? parsed.data : null;
}

/** SPEC §7: the trailer search opens in a 600x400 pop-up. */
export function openTrailer(film: Pick<Film, 'title' | 'release_year'>): void {
  const popup = window.open(trailerUrl(film), '_blank', `width=${TRAILER_POPUP.width},height=${TRAILER_POPUP.height}`);
  if (popup) popup.opener = null;
}

type Loaded = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; film: Film };

/** SPEC §2: /films/{filmDetails} for everyone, /films/private/{filmDetails} for members. */
export default function FilmDetailsPage(props: { private: boolean }) {
  const member = props.private;
  const slug = useParams().filmDetails ?? '';
  const location = useLocation();
  const { user } = useAuth();
  const userId = member ? (user?.user_id ?? null) : null;
  const [loaded, setLoaded] = useState<Loaded>(() => {
    const film = filmFromState(location.state, slug);
    return film ? { status: 'ready', film } : { status: 'loading' };
  });
  const [votes, setVotes] = useState<Votes | null>(null);
  const [rating, setRating] = useState(false);

  useEffect(() => {
    const fromState = filmFromState(location.state, slug);
    if (fromState) {
      setLoaded({ status: 'ready', film: fromState });
      return;
    }
    const controller = new AbortController();
    setLoaded({ status: 'loading' });
    getFilmDetails(slug, controller.signal).then(
      (film) => {
        if (!controller.signal.aborted) setLoaded(film ? { status: 'ready', film } : { status: 'missing' });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Loading the film failed', error);
        setLoaded({ status: 'missing' });
      },
    );
    return () => controller.abort();
  }, [slug, location.state]);

  const loadVotes = useCallback(async () => {
    if (!member) return;
    try {
      setVotes(await getMyVotes());
    } catch (error) {
      console.error('Loading your votes failed', error);
      setVotes({ mentions: {}, ratings: {} });
    }
  }, [member]);

  useEffect(() => {
    void loadVotes();
  }, [loadVotes]);

  const actions = useVoteActions(userId, votes, loadVotes);
  // A processed vote replaces its section's controls; focus then returns there.
  const pendingFocus = useRef<'mention' | 'rating' | null>(null);
  const heardHeading = useRef<HTMLHeadingElement>(null);
  const rateButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (actions.processing) {
      pendingFocus.current = actions.processing;
      return;
    }
    if (actions.sharePrompt || !pendingFocus.current) return;
    if (pendingFocus.current === 'mention') heardHeading.current?.focus();
    else rateButton.current?.focus();
    pendingFocus.current = null;
  }, [actions.processing, actions.sharePrompt]);
  const film = loaded.status === 'ready' ? loaded.film : null;

  useEffect(() => {
    document.title = `${film ? film.title : 'Film details'} | The Film List`;
  }, [film]);

  if (loaded.status === 'loading') return <p className="page-loading">Loading...</p>;
  if (!film) {
    return (
      <div className="film-details">
        <h1>Film details</h1>
        <p className="error" role="alert">
          {messages.filmNotFound}
        </p>
      </div>
    );
  }

  const ready = votes !== null && userId !== null;
  const mentioned = votes ? hasMentioned(votes, film.film_id) : false;
  const current = votes ? ratingOf(votes, film.film_id) : null;

  return (
    <article className="film-details">
      <h1>{film.title}</h1>
      <dl className="film-facts">
        <dt>Year of Release</dt>
        <dd>{film.release_year}</dd>
        <dt>Logline</dt>
        <dd>{film.description}</dd>
      </dl>
      <div className="actions">
        <button type="button" onClick={() => openTrailer(film)}>
          Watch Trailer
        </button>
        <WatchFilm film={film} memberId={userId} />
      </div>

      {member && (
        <>
          <section className="film-section" aria-labelledby="heard-heading">
            <h2 id="heard-heading" ref={heardHeading} tabIndex={-1}>
              Heard of Before
            </h2>
            {actions.processing === 'mention' ? (
              <p role="status">{messages.mentionProcessing}</p>
            ) : !ready || mentioned ? (
              <button type="button" disabled>
                {ready ? 'Mentioned' : 'Loading...'}
              </button>
            ) : (
              <>
                <p>{mentionQuestion(film.title, SITE_NAME)}</p>
                <p className="warning">{messages.mentionIsFinal}</p>
                <div className="actions">
                  <button type="button" onClick={() => void actions.mention(film, true)}>
                    Yes
                  </button>
                  <button type="button" onClick={() => void actions.mention(film, false)}>
                    No
                  </button>
                </div>
              </>
            )}
          </section>
          <section className="film-section" aria-labelledby="score-heading">
            <h2 id="score-heading">Score Film</h2>
            {actions.processing === 'rating' ? (
              <p role="status">{messages.ratingProcessing}</p>
            ) : (
              <button type="button" ref={rateButton} disabled={!ready} onClick={() => setRating(true)}>
                {!ready ? 'Loading...' : current === null ? 'Rate' : `Rate (${current})`}
              </button>
            )}
          </section>
          <RatingDialog
            film={rating ? film : null}
            current={current}
            onClose={() => setRating(false)}
            onChoose={(chosen, value) => {
              setRating(false);
              void actions.rate(chosen, value);
            }}
          />
          <ShareDialog film={actions.sharePrompt} onClose={actions.closeSharePrompt} />
        </>
      )}

      <section className="film-section" aria-labelledby="share-heading">
        <h2 id="share-heading">Share Film</h2>
        <ShareOptions film={film} />
      </section>
    </article>
  );
}
