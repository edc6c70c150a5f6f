import { useState } from 'react';
import type { SubmissionDetail } from '@filmlist/shared/api/films';
import { messages } from '@filmlist/shared/messages';
import { aboutFilmText, type TitledText } from '../../../components/Isolated';
import { useAddFilm } from '../api/add-film';
import { useRejectFilm } from '../api/reject-film';
import { checkWatchLink, isForbidden, problemFromError, type FormProblems } from '../utils/film-form';
import { checkNote } from '../utils/note';

export type Decision = 'add' | 'reject';

interface QueueDecisionOptions {
  onDecided: (submissionId: number, notice: TitledText) => void;
  onForbidden: () => void;
}

/**
 * Adding (with an optional watch link, and the member's note as the reviewer kept it) or rejecting
 * (with an optional reason) one submission of the queue.
 */
export function useQueueDecision(submission: SubmissionDetail, { onDecided, onForbidden }: QueueDecisionOptions) {
  const { mutateAsync: addFilm } = useAddFilm();
  const { mutateAsync: rejectFilm } = useRejectFilm();
  const [working, setWorking] = useState<Decision | null>(null);
  const [problems, setProblems] = useState<FormProblems>([]);
  const { title, release_year, description, user_id } = submission;
  const userId = user_id === null ? '' : String(user_id);

  /** `note`: the note as the reviewer left it, absent when unchanged ('' drops it; docs/product.md §Recommendation note) */
  async function decide(action: Decision, watchLink: string, reason: string, note?: string) {
    if (working) return;
    const invalid = action === 'add' ? (checkNote(note ?? '') ?? checkWatchLink(watchLink)) : null;
    setProblems(invalid ? [invalid] : []);
    if (invalid) return;
    setWorking(action);
    try {
      // The stored title goes back exactly as submitted ("Spider-Man" keeps its dash).
      const kept = note === undefined ? {} : { note: note.trim() || null };
      if (action === 'add')
        await addFilm({ title, release_year: String(release_year), description, watchLink: watchLink.trim(), userId, ...kept });
      else await rejectFilm({ title, release_year: String(release_year), userId, reason });
    } catch (error) {
      setWorking(null);
      if (isForbidden(error)) onForbidden();
      else if (action === 'add') setProblems([problemFromError(error, messages.addFilmFailed, [400, 409])]);
      else setProblems([problemFromError(error, messages.rejectFilmFailed, [400, 404])]);
      return;
    }
    onDecided(submission.submission_id, aboutFilmText(title, release_year, action === 'add' ? messages.filmAdded : messages.filmRejected));
  }

  return { working, problems, decide };
}
