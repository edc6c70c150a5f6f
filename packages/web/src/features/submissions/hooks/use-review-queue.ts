import { useCallback, useState } from 'react';
import type { SubmissionDetail } from '@filmlist/shared/api/films';
import { useAuth } from '../../../lib/auth';
import { useDropFromQueue, useSubmissions } from '../api/list-submissions';
import { isForbidden } from '../utils/film-form';

export type Queue =
  { state: 'loading' } | { state: 'forbidden' } | { state: 'failed' } | { state: 'ready'; submissions: SubmissionDetail[] };

/**
 * The review queue as /master shows it. A member known not to review is told
 * so without a call; a 403, on loading or on a decision, says the same.
 */
export function useReviewQueue() {
  const { user } = useAuth();
  const knownNotReviewer = user?.isReviewer === false;
  const [refused, setRefused] = useState(false);
  const { data, error, isError } = useSubmissions(!knownNotReviewer);

  let queue: Queue = { state: 'loading' };
  if (knownNotReviewer || refused || isForbidden(error)) queue = { state: 'forbidden' };
  else if (data) queue = { state: 'ready', submissions: data };
  else if (isError) queue = { state: 'failed' };

  /** A decided submission leaves the queue on screen. */
  const remove = useDropFromQueue();
  const forbid = useCallback(() => setRefused(true), []);

  return { queue, remove, forbid };
}
