import { api } from '../../../lib/api-client';
import { messageDecoder } from '../../../lib/decoders';

/** POST /api/mentions/mentioned: the member's final answer to "heard of it before?". */
export async function postMention(userId: number, filmId: number, mentioned: boolean): Promise<void> {
  await api('/api/mentions/mentioned', {
    method: 'POST',
    body: { user_id: userId, film_id: filmId, mentioned },
    schema: messageDecoder,
    auth: true,
  });
}
