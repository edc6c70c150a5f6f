import { useCallback, useState } from 'react';
import type { Film } from '@filmlist/shared/api/films';
import { SHARE_PROMPT_RATING } from '@filmlist/shared/constants';
import { postMention } from '../api/post-mention';
import { postRating } from '../api/post-rating';
import { ratingOf, type Votes } from '../list-logic';

export type Processing = 'mention' | 'rating' | null;

/**
 * A member's mention and rating, as SPEC §4 runs them: the dialog closes, a
 * processing message shows during the request, the data reloads afterwards,
 * and a rating of 7 or more opens the share pop-up. Failures are only logged.
 */
export function useVoteActions(userId: number | null, votes: Votes | null, reload: () => Promise<void>) {
  const [processing, setProcessing] = useState<Processing>(null);
  const [sharePrompt, setSharePrompt] = useState<Film | null>(null);

  const mention = useCallback(
    async (film: Film, mentioned: boolean) => {
      if (userId === null) return;
      setProcessing('mention');
      try {
        await postMention(userId, film.film_id, mentioned);
      } catch (error) {
        console.error('The mention request failed', error);
      }
      await reload();
      setProcessing(null);
    },
    [userId, reload],
  );

  const rate = useCallback(
    async (film: Film, rating: number) => {
      if (userId === null) return;
      const current = votes ? ratingOf(votes, film.film_id) : null;
      if (current === rating) return;
      setProcessing('rating');
      let ok = false;
      try {
        await postRating(userId, film.film_id, rating, current !== null);
        ok = true;
      } catch (error) {
        console.error('The rating request failed', error);
      }
      await reload();
      setProcessing(null);
      if (ok && rating >= SHARE_PROMPT_RATING) setSharePrompt(film);
    },
    [userId, votes, reload],
  );

  const closeSharePrompt = useCallback(() => setSharePrompt(null), []);

  return { processing, sharePrompt, closeSharePrompt, mention, rate };
}
