import { api } from '../../../lib/api-client';
import { messageDecoder } from '../../../lib/decoders';

export interface ReviewFilmInput {
  title: string;
  release_year: string;
  description: string;
}

/** A member submits a film for review; the server answers 201 (SPEC §7). */
export async function submitFilmForReview(input: ReviewFilmInput): Promise<void> {
  await api('/api/films/reviewfilm', { method: 'POST', body: input, schema: messageDecoder, auth: true });
}
