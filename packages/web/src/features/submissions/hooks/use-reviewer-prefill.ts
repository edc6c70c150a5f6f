import { useState } from 'react';
import type { SubmissionDetail } from '@filmlist/shared/api/films';
import type { ReviewerFormPrefill } from '@filmlist/shared/reviewer-link';
import { useAuth } from '../../../lib/auth';
import { parseOrNull, submissionDecoder } from '../../../lib/decoders';
import { useLocation } from '../../../lib/router';
import { useSubmissions } from '../api/list-submissions';
import { prefillFromPath, prefillFromSubmission } from '../utils/film-form';

/** The submission the review queue passed along, if it is the one this path is about. */
function submissionFromState(state: unknown, fromPath: ReviewerFormPrefill): SubmissionDetail | null {
  if (typeof state !== 'object' || state === null || !('submission' in state)) return null;
  const passed = parseOrNull(submissionDecoder, state.submission);
  if (!passed) return null;
  return String(passed.user_id) === fromPath.userId && String(passed.release_year) === fromPath.release_year ? passed : null;
}

/** Titles compared as a hand-made link may have left them: case, dashes and spaces aside. */
const loose = (title: string): string =>
  title
    .toLowerCase()
    .replace(/[\s-]+/gu, ' ')
    .trim();

/**
 * What the reviewer form starts with (docs/product.md §Reviewer link), who submitted the film, with
 * which film database entry and note.
 * From the queue, the submission itself (its hyphens intact); from a link, the
 * path, and the submitter's name found in the queue once it loads.
 */
export function useReviewerPrefill(): {
  initial: ReviewerFormPrefill;
  submitter: string | null;
  /** the submission as the queue passed it along (its link and note), or as found in the queue once it loads */
  submission: SubmissionDetail | null;
} {
  const { pathname, state } = useLocation();
  const { user } = useAuth();
  const [start] = useState(() => {
    const fromPath = prefillFromPath(pathname);
    const passed = submissionFromState(state, fromPath);
    if (!passed) return { initial: fromPath, passed: null };
    const { title, release_year, description } = passed;
    return { initial: prefillFromSubmission({ title, release_year: String(release_year), description, userId: fromPath.userId }), passed };
  });
  const { initial, passed } = start;
  const queue = useSubmissions(passed === null && user?.isReviewer !== false);
  const found = queue.data?.find(
    (s) =>
      String(s.user_id) === initial.userId && String(s.release_year) === initial.release_year && loose(s.title) === loose(initial.title),
  );
  const submission = passed ?? found ?? null;
  return { initial, submitter: submission?.username ?? null, submission };
}
