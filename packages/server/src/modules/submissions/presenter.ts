import type { SubmissionDetail } from '@filmlist/shared/api/films';
import type { SubmissionFields } from './repository.js';

/** What leaves the server for a submission: never the reviewer's id or the rejection internals. */
export function presentSubmission(row: SubmissionFields, username: string | null): SubmissionDetail {
  return {
    submission_id: row.submissionId,
    title: row.title,
    release_year: row.releaseYear,
    description: row.description,
    user_id: row.userId,
    username,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    tmdb_id: row.tmdbId,
    note: row.note,
    note_named: row.noteNamed,
  };
}
