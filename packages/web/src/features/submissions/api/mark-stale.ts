import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/**
 * After a submission or a decision the review queue is out of date. It is read
 * again the next time a page shows it; a queue on screen drops decided items
 * itself (use-review-queue.ts). The reviewers' history on screen is read again
 * at once, so a decision shows in it.
 */
export const markQueueStale = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.submissions, refetchType: 'none' }),
    client.invalidateQueries({ queryKey: queryKeys.reviewHistory }),
  ]);
