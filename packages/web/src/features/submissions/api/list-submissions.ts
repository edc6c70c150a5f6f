import * as z from 'zod/mini';
import type { Submission } from '@filmlist/shared/api/films';
import { api } from '../../../lib/api-client';

const submissionDecoder: z.ZodMiniType<Submission> = z.object({
  submission_id: z.number(),
  title: z.string(),
  release_year: z.number(),
  description: z.string(),
  user_id: z.nullable(z.number()),
  username: z.nullable(z.string()),
  status: z.enum(['pending', 'approved', 'rejected']),
  created_at: z.string(),
});

const submissionListDecoder: z.ZodMiniType<{ submissions: Submission[] }> = z.object({
  submissions: z.array(submissionDecoder),
});

/** The review queue: pending submissions, oldest first (reviewers only). */
export async function listSubmissions(signal?: AbortSignal): Promise<Submission[]> {
  const answer = await api('/api/films/submissions', { auth: true, schema: submissionListDecoder, ...(signal ? { signal } : {}) });
  return [...answer.submissions].sort((a, b) => a.created_at.localeCompare(b.created_at));
}
