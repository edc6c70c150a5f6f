import { useCallback, useState } from 'react';
import type { Film } from '@filmlist/shared/api/films';
import { SHARE_PROMPT_RATING } from '@filmlist/shared/constants';
import { fallExplained, voteAnnouncement, voteFailedNotice } from '@filmlist/shared/messages';
import { useListedPlace } from '../api/get-films';
import { useRecordMention } from '../api/post-mention';
import { useRecordRating } from '../api/post-rating';
import { ratingOf, type Votes } from '../list-logic';

export type Processing = 'mention' | 'rating' | null;

/** What the member's last vote did (docs/product.md §Voting on the list): said on screen and to assistive technology. */
export type VoteOutcome = {
  filmId: number;
  film: Film;
  vote: 'mention' | 'rating';
  /** the member said "No" to Heard of Before: the moment they discovered the film (§Watchlist) */
  discovered: boolean;
  text: string;
} & ({ ok: true } | { ok: false; retry: () => void });

type Place = { rank: number; films: number } | null;

/**
 * What a vote's notice offers (docs/product.md §Watchlist): save a film just discovered, the way to it once saved, or take a rated film
 * off.
 */
export type Offer = 'save' | 'saved' | 'takeOff' | null;

export function voteOffer(outcome: VoteOutcome | null, saved: ReadonlySet<number> | null): Offer {
  if (!outcome?.ok || saved === null) return null;
  const isSaved = saved.has(outcome.filmId);
  if (outcome.discovered) return isSaved ? 'saved' : 'save';
  return outcome.vote === 'rating' && isSaved ? 'takeOff' : null;
}

/** The announcement, and when the film went down, why (docs/product.md §Standing: films fall as they become known). */
function announced(film: Film, vote: { rating: number } | { heard: boolean }, before: Place, after: Place): string {
  const text = voteAnnouncement(film.title, vote, after);
  return before && after && after.rank > before.rank ? `${text} ${fallExplained}` : text;
}

/**
 * A member's mention and rating, as §Voting on the list runs them: the dialog closes, a
 * processing message shows until the request and the reload after it are
 * done, and a rating of 7 or more then opens the share pop-up. Then the
 * outcome says what happened: the vote and the film's new place, or that it
 * failed, with a retry.
 */
export function useVoteActions(userId: number | null, votes: Votes | null) {
  const placeIn = useListedPlace();
  const [processing, setProcessing] = useState<Processing>(null);
  const [sharePrompt, setSharePrompt] = useState<Film | null>(null);
  const [outcome, setOutcome] = useState<VoteOutcome | null>(null);
  const { mutateAsync: recordMention } = useRecordMention();
  const { mutateAsync: recordRating } = useRecordRating();
  const dismissOutcome = useCallback(() => setOutcome(null), []);

  /** What a vote did: the vote and the film's new place, or that it failed, with a retry. */
  const settle = (film: Film, ok: boolean, vote: { rating: number } | { heard: boolean }, before: Place, retry: () => void) => {
    const kind = 'rating' in vote ? 'rating' : 'mention';
    const about = { filmId: film.film_id, film, vote: kind, discovered: 'heard' in vote && !vote.heard } as const;
    setOutcome(
      ok
        ? { ...about, ok, text: announced(film, vote, before, placeOf(film)) }
        : { ...about, ok, text: voteFailedNotice(film.title, kind), retry },
    );
  };

  /** The film's place in the list as reloaded after the vote. */
  const placeOf = (film: Film) => placeIn(film);

  const mention = async (film: Film, heard: boolean): Promise<void> => {
    if (userId === null) return;
    setOutcome(null);
    const before = placeOf(film);
    setProcessing('mention');
    // A failure is logged by the mutation; the list is reloaded either way.
    const ok = await recordMention({ userId, filmId: film.film_id, mentioned: heard }).then(
      () => true,
      () => false,
    );
    setProcessing(null);
    settle(film, ok, { heard }, before, () => void mention(film, heard));
  };

  const rate = async (film: Film, rating: number): Promise<void> => {
    if (userId === null) return;
    const current = votes ? ratingOf(votes, film.film_id) : null;
    if (current === rating) return;
    setOutcome(null);
    const before = placeOf(film);
    setProcessing('rating');
    const ok = await recordRating({ userId, filmId: film.film_id, rating, alreadyRated: current !== null }).then(
      () => true,
      () => false,
    );
    setProcessing(null);
    settle(film, ok, { rating }, before, () => void rate(film, rating));
    if (ok && rating >= SHARE_PROMPT_RATING) setSharePrompt(film);
  };

  return {
    processing,
    sharePrompt,
    closeSharePrompt: () => setSharePrompt(null),
    outcome,
    dismissOutcome,
    mention,
    rate,
  };
}
