import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/**
 * A vote changes the ranking, the member's own answers, the film's
 * standing and the shelf of new films: each is read again (a standing only if a page shows it), and the
 * vote's request counts as done once they are (docs/product.md §Voting on the list: the list is reloaded
 * afterwards, failed or not).
 */
export async function refreshAfterVote(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.filmList }),
    client.invalidateQueries({ queryKey: queryKeys.member }),
    client.invalidateQueries({ queryKey: queryKeys.filmStandings }),
    client.invalidateQueries({ queryKey: queryKeys.allNewFilms }),
  ]);
}
