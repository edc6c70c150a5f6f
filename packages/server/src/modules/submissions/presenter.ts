import type { Submission } from '@filmlist/shared/api/films';
import type { SubmissionRow } from './repository.js';

/** What leaves the server for a submission: never the reviewer's id or the rejection internals. */
export function presentSubmission(row: SubmissionRow, username: string | null): Submission {
  return {
    submission_id: row.submissionId,
    title: row.title,
    release_year: row.releaseYear,
    description: row.description,
    user_id: row.userId,
    username,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}
