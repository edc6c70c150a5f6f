import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { Submission } from '@filmlist/shared/api/films';
import { useAuth } from '../../../lib/auth';
import { queryKeys } from '../../../lib/query-keys';
import { useSubmissions } from '../api/list-submissions';
import { isForbidden } from '../utils/film-form';

export type Queue = { state: 'loading' } | { state: 'forbidden' } | { state: 'failed' } | { state: 'ready'; submissions: Submission[] };

/**
 * The review queue as /master shows it. A member known not to review is told
 * so without a call; a 403, on loading or on a decision, says the same.
 */
export function useReviewQueue() {
  const { user } = useAuth();
  const client = useQueryClient();
  const knownNotReviewer = user?.isReviewer === false;
  const [refused, setRefused] = useState(false);
  const { data, error, isError } = useSubmissions(!knownNotReviewer);

  let queue: Queue = { state: 'loading' };
  if (knownNotReviewer || refused || isForbidden(error)) queue = { state: 'forbidden' };
  else if (data) queue = { state: 'ready', submissions: data };
  else if (isError) queue = { state: 'failed' };

  /** A decided submission leaves the queue on screen; the server has already taken it out. */
  const remove = useCallback(
    (submissionId: number) =>
      client.setQueryData(queryKeys.submissions, (list: Submission[] | undefined) => list?.filter((s) => s.submission_id !== submissionId)),
    [client],
  );
  const forbid = useCallback(() => setRefused(true), []);

  return { queue, remove, forbid };
}
