import type { Mention } from '@filmlist/shared/api/votes';
import type { MentionRow } from './repository.js';

/** What leaves the server for a mention: the spec's three fields. */
export function presentMention(row: Pick<MentionRow, 'userId' | 'filmId' | 'mentioned'>): Mention {
  return { user_id: row.userId, film_id: row.filmId, mentioned: row.mentioned };
}
