import { api } from '../../../lib/api-client';
import { messageDecoder } from '../../../lib/decoders';

export interface AddFilmInput {
  title: string;
  release_year: string;
  description: string;
  /** '' when the film has no watch link */
  watchLink: string;
  /** the submitter's user id as text; '' when nobody submitted it */
  userId: string;
}

/** A reviewer adds a film to the list, approving the matching submission (SPEC §7). */
export async function addFilm(input: AddFilmInput): Promise<void> {
  await api('/api/films/addfilm', { method: 'POST', body: input, schema: messageDecoder, auth: true });
}
