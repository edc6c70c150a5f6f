import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@filmlist/shared/api/reviewers';
import { api } from '../../../lib/api-client';
import { reviewHistoryDecoder } from '../../../lib/decoders';
import { queryKeys } from '../../../lib/query-keys';

export interface HistoryPage {
  entries: AuditEntry[];
  /** the audit_id to ask for older entries with, or null at the oldest */
  next: number | null;
}

/**
 * GET /api/films/review-history[?before=audit_id]: reviewer actions, newest
 * first, a page at a time (reviewers only). `before` 0 is the newest page.
 */
export function getReviewHistory(before: number, signal?: AbortSignal): Promise<HistoryPage> {
  return api('/api/films/review-history', {
    auth: true,
    schema: reviewHistoryDecoder,
    signal,
    ...(before > 0 ? { query: { before } } : {}),
  });
}

/** The history, page by page. */
export const useReviewHistory = () =>
  useInfiniteQuery({
    queryKey: queryKeys.reviewHistory,
    queryFn: ({ pageParam, signal }) => getReviewHistory(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next ?? undefined,
  });
