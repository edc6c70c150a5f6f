import type { Mention } from '@filmlist/shared/api/votes';
import type { MentionRow } from './repository.js';

/** What leaves the server for a mention: user_id, film_id and mentioned. */
export function presentMention(row: Pick<MentionRow, 'userId' | 'filmId' | 'mentioned'>): Mention {
  return { user_id: row.userId, film_id: row.filmId, mentioned: row.mentioned };
}
