import { queryOptions } from '@tanstack/react-query';
import { checkFilmAnswer } from '@filmlist/shared/api/films';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/films/checkfilm: is this title and year already on the list? */
export async function checkFilmExists(title: string, releaseYear: string, signal?: AbortSignal): Promise<boolean> {
  const answer = await api('/api/films/checkfilm', {
    query: { title: title.trim(), release_year: releaseYear.trim() },
    schema: checkFilmAnswer,
    signal,
  });
  return answer.exists;
}

/** The duplicate check both add-film forms run before submitting (SPEC §5); asked afresh each time. */
export const filmExistsQuery = (title: string, releaseYear: string) =>
  queryOptions({
    queryKey: queryKeys.filmExists(title.trim(), releaseYear.trim()),
    queryFn: ({ signal }) => checkFilmExists(title, releaseYear, signal),
    staleTime: 0,
  });
