import { useState } from 'react';
import type { Film } from '@filmlist/shared/api/films';
import { SITE_NAME } from '@filmlist/shared/constants';
import { mentionQuestion, messages } from '@filmlist/shared/messages';
import { Isolated } from '../../../components/Isolated';
import { Icon } from '../../../components/Icon';
import { useFocusAfterProcessing } from '../hooks/use-focus-after-processing';
import { useVoteActions, voteOffer } from '../hooks/use-vote-actions';
import { ratingOf, type Votes } from '../list-logic';
import { RateButton } from './RateButton';
import { RatingDialog } from './RatingDialog';
import { ShareDialog } from './ShareDialog';
import { VoteNotice } from './VoteNotice';
import { VoteOffer } from './VoteOffer';
import { useWatchlistActions } from '../hooks/use-watchlist-actions';

/**
 * docs/product.md §Film page, for a signed-in member at either address: the 'Heard of Before'
 * question and the Rate button; a given answer and rating are shown. After a "No", the vote's notice
 * offers to save the film (§Watchlist).
 */
export function MemberVoting({ film, userId, votes }: { film: Film; userId: number | null; votes: Votes | null }) {
  const actions = useVoteActions(userId, votes);
  const watchlist = useWatchlistActions(userId);
  const [rating, setRating] = useState(false);
  const { heardHeading, rateButton } = useFocusAfterProcessing(actions.processing, actions.sharePrompt !== null);
  const ready = votes !== null && userId !== null;
  const heard = votes ? (votes.mentions[String(film.film_id)] ?? null) : null;
  const current = votes ? ratingOf(votes, film.film_id) : null;
  const offer = voteOffer(actions.outcome, watchlist.saved);

  return (
    <div className="member-voting">
      <section className="film-section" aria-labelledby="heard-heading">
        <h2 id="heard-heading" ref={heardHeading} tabIndex={-1}>
          Heard of Before
        </h2>
        {actions.processing === 'mention' ? (
          <p role="status">{messages.mentionProcessing}</p>
        ) : !ready ? (
          <button type="button" className="act quiet" disabled>
            <span className="act-label">Loading...</span>
          </button>
        ) : heard !== null ? (
          <p className="answered-line">
            <button type="button" className="act done" disabled>
              <span className="act-label">Mentioned</span>
              <Icon name="check" />
            </button>
            <span className="answer">{heard ? messages.heardItYes : messages.heardItNo}</span>
          </p>
        ) : (
          <MentionQuestion film={film} onAnswer={(answer) => void actions.mention(film, answer)} />
        )}
      </section>
      <section className="film-section" aria-labelledby="score-heading">
        <h2 id="score-heading">Score Film</h2>
        {actions.processing === 'rating' ? (
          <p role="status">{messages.ratingProcessing}</p>
        ) : (
          <RateButton
            ready={ready}
            rating={current}
            lead={heard !== null && current === null}
            ref={rateButton}
            onClick={() => setRating(true)}
          />
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
      <ShareDialog film={actions.sharePrompt} onClose={actions.closeSharePrompt} prompted />
      <VoteNotice outcome={actions.outcome} onDismiss={actions.dismissOutcome}>
        {offer && actions.outcome && (
          <VoteOffer offer={offer} film={actions.outcome.film} onSave={watchlist.toggle} onTakenOff={actions.dismissOutcome} />
        )}
      </VoteNotice>
    </div>
  );
}

/** §Final mention: the question in place, with the warning that the answer is final; each answer says what it means. */
function MentionQuestion({ film, onAnswer }: { film: Film; onAnswer: (heard: boolean) => void }) {
  return (
    <>
      <p>
        <Isolated text={mentionQuestion(film.title, SITE_NAME)} title={film.title} />
      </p>
      <p className="warning">{messages.mentionIsFinal}</p>
      <div className="actions answer-actions">
        <button type="button" className="act quiet" onClick={() => onAnswer(true)}>
          <span className="act-label">{messages.mentionAnswerYes}</span>
        </button>
        <button type="button" className="act quiet" onClick={() => onAnswer(false)}>
          <span className="act-label">{messages.mentionAnswerNo}</span>
        </button>
      </div>
    </>
  );
}
