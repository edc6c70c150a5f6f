import { useCallback } from 'react';
import type { FilmFields } from '@filmlist/shared/film-rules';
import { messages } from '@filmlist/shared/messages';
import { withRetryNote } from '../../../lib/retry-note';
import { useCheckFilmExists } from '../api/check-film';
import type { FormProblem } from '../utils/film-form';

export type SendOutcome = { sent: true } | { sent: false; problem: FormProblem | null };

/**
 * docs/product.md §Add-film rules, both add-film forms: the duplicate check runs first, then `send`.
 * A failed send becomes what `failed` makes of its error (null: handled there).
 */
export function useSendNewFilm() {
  const checkFilmExists = useCheckFilmExists();
  return useCallback(
    async (film: FilmFields, send: () => Promise<void>, failed: (error: unknown) => FormProblem | null): Promise<SendOutcome> => {
      let exists: boolean;
      try {
        exists = await checkFilmExists(film.title, film.release_year);
      } catch (error) {
        return { sent: false, problem: { field: null, message: withRetryNote(messages.filmCheckFailed, error) } };
      }
      if (exists) return { sent: false, problem: { field: null, message: messages.filmAlreadyListed } };
      try {
        await send();
        return { sent: true };
      } catch (error) {
        return { sent: false, problem: failed(error) };
      }
    },
    [checkFilmExists],
  );
}
