import * as z from 'zod/mini';
import { api } from '../../../lib/api-client';

const checkFilmDecoder: z.ZodMiniType<{ exists: boolean }> = z.object({ exists: z.boolean() });

/** The duplicate check both add-film forms run before submitting (SPEC §5). */
export async function checkFilmExists(title: string, releaseYear: string): Promise<boolean> {
  const answer = await api('/api/films/checkfilm', {
    query: { title: title.trim(), release_year: releaseYear.trim() },
    schema: checkFilmDecoder,
  });
  return answer.exists;
}
