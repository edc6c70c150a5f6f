import { useState } from 'react';
import type { FilmFields } from '@filmlist/shared/film-rules';
import { messages } from '@filmlist/shared/messages';
import { aboutFilmText, type TitledText } from '../../../components/Isolated';
import { useAuth } from '../../../lib/auth';
import { useAddFilm } from '../api/add-film';
import { useRefreshQueue } from '../api/list-submissions';
import { useRejectFilm } from '../api/reject-film';
import { isForbidden, problemFromError, trimmedFilm, validateFilmForm, type FormProblem, type FormProblems } from '../utils/film-form';
import { useSendNewFilm } from './use-send-new-film';

export type Working = 'add' | 'reject' | null;

export interface ReviewerInput extends FilmFields {
  watchLink: string;
  userId: string;
  confirmed: boolean;
  /** absent: the submission's own entry; null: none (docs/product.md §Film database) */
  tmdb_id?: number | null;
  /** the member's note as the reviewer kept it: absent keeps it, '' drops it (§Recommendation note) */
  note?: string;
}

/**
 * The reviewer form's two decisions (docs/product.md §Review decisions): add the film, after the rules
 * and the duplicate check, or reject it with an optional reason. Either one
 * decides the form; a 403 says the member does not review.
 */
export function useReviewerDecision() {
  const { user } = useAuth();
  const refreshQueue = useRefreshQueue();
  const sendNewFilm = useSendNewFilm();
  const { mutateAsync: addFilm } = useAddFilm();
  const { mutateAsync: rejectFilm } = useRejectFilm();
  const [problems, setProblems] = useState<FormProblems>([]);
  const [success, setSuccess] = useState<TitledText | null>(null);
  const [working, setWorking] = useState<Working>(null);
  const [forbidden, setForbidden] = useState(false);
  const [decided, setDecided] = useState(false);
  const notReviewer = forbidden || user?.isReviewer === false;
  const idle = working === null && !notReviewer && !decided;

  /** The problem a failed call shows, or null when the call said the member does not review. */
  const failure =
    (fallback: string, explained: readonly number[]) =>
    (error: unknown): FormProblem | null => {
      if (!isForbidden(error)) return problemFromError(error, fallback, explained);
      setForbidden(true);
      return null;
    };

  const finish = (message: TitledText) => {
    setDecided(true);
    setSuccess(message);
    // The queue's count beside the Review menu item is on screen: it is read again now.
    refreshQueue();
  };

  async function add(input: ReviewerInput) {
    if (!idle) return;
    setSuccess(null);
    const invalid = validateFilmForm(input);
    setProblems(invalid);
    if (invalid.length > 0) return;
    setWorking('add');
    const film = trimmedFilm(input);
    const kept = {
      ...(input.tmdb_id !== undefined ? { tmdb_id: input.tmdb_id } : {}),
      ...(input.note !== undefined ? { note: input.note.trim() || null } : {}),
    };
    const send = () => addFilm({ ...film, watchLink: input.watchLink.trim(), userId: input.userId.trim(), ...kept });
    const outcome = await sendNewFilm(input, send, failure(messages.addFilmFailed, [400, 409]));
    setWorking(null);
    if (outcome.sent) finish(aboutFilmText(film.title, film.release_year, messages.filmAdded));
    else setProblems(outcome.problem ? [outcome.problem] : []);
  }

  async function reject(input: ReviewerInput, reason: string) {
    if (!idle) return;
    setSuccess(null);
    setProblems([]);
    setWorking('reject');
    const { title, release_year } = trimmedFilm(input);
    await rejectFilm({ title, release_year, userId: input.userId.trim(), reason }).then(
      () => finish(aboutFilmText(title, release_year, messages.filmRejected)),
      (error: unknown) => {
        const problem = failure(messages.rejectFilmFailed, [400, 404, 409])(error);
        setProblems(problem ? [problem] : []);
      },
    );
    setWorking(null);
  }

  return { problems, success, working, notReviewer, decided, add, reject };
}
