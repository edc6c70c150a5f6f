import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { Film } from '@filmlist/shared/api/films';
import { SHARE_PROMPT_RATING } from '@filmlist/shared/constants';
import { voteAnnouncement, voteFailedNotice } from '@filmlist/shared/messages';
import { filmListQuery } from '../api/get-films';
import { useRecordMention } from '../api/post-mention';
import { useRecordRating } from '../api/post-rating';
import { ratingOf, type Votes } from '../list-logic';

export type Processing = 'mention' | 'rating' | null;

/** What the member's last vote did (issue 17): said on screen and to assistive technology. */
export type VoteOutcome = { ok: true; filmId: number; text: string } | { ok: false; filmId: number; text: string; retry: () => void };

/**
 * A member's mention and rating, as SPEC §4 runs them: the dialog closes, a
 * processing message shows until the request and the reload after it are
 * done, and a rating of 7 or more then opens the share pop-up. Then the
 * outcome says what happened: the vote and the film's new place, or that it
 * failed, with a retry.
 */
export function useVoteActions(userId: number | null, votes: Votes | null) {
  const client = useQueryClient();
  const [processing, setProcessing] = useState<Processing>(null);
  const [sharePrompt, setSharePrompt] = useState<Film | null>(null);
  const [outcome, setOutcome] = useState<VoteOutcome | null>(null);
  const { mutateAsync: recordMention } = useRecordMention();
  const { mutateAsync: recordRating } = useRecordRating();
  const dismissOutcome = useCallback(() => setOutcome(null), []);

  /** What a vote did: the vote and the film's new place, or that it failed, with a retry. */
  const settle = (film: Film, ok: boolean, vote: { rating: number } | { heard: boolean }, retry: () => void) =>
    setOutcome(
      ok
        ? { ok, filmId: film.film_id, text: voteAnnouncement(film.title, vote, placeOf(film)) }
        : { ok, filmId: film.film_id, text: voteFailedNotice(film.title, 'rating' in vote ? 'rating' : 'mention'), retry },
    );

  /** The film's place in the list as reloaded after the vote. */
  const placeOf = (film: Film) => {
    const films = client.getQueryData(filmListQuery().queryKey) ?? [];
    const index = films.findIndex((listed) => listed.film_id === film.film_id);
    return index < 0 ? null : { rank: index + 1, films: films.length };
  };

  const mention = async (film: Film, heard: boolean): Promise<void> => {
    if (userId === null) return;
    setOutcome(null);
    setProcessing('mention');
    // A failure is logged by the mutation; the list is reloaded either way.
    const ok = await recordMention({ userId, filmId: film.film_id, mentioned: heard }).then(
      () => true,
      () => false,
    );
    setProcessing(null);
    settle(film, ok, { heard }, () => void mention(film, heard));
  };

  const rate = async (film: Film, rating: number): Promise<void> => {
    if (userId === null) return;
    const current = votes ? ratingOf(votes, film.film_id) : null;
    if (current === rating) return;
    setOutcome(null);
    setProcessing('rating');
    const ok = await recordRating({ userId, filmId: film.film_id, rating, alreadyRated: current !== null }).then(
      () => true,
      () => false,
    );
    setProcessing(null);
    settle(film, ok, { rating }, () => void rate(film, rating));
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
