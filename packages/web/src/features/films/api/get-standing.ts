import { useQuery } from '@tanstack/react-query';
import type { FilmStanding } from '@filmlist/shared/api/standing';
import { api, type Parser } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const count = (value: unknown): number => {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error('standing: expected a number');
  return value;
};
const countOrNull = (value: unknown): number | null => (value === null ? null : count(value));
const fieldsOf = (value: unknown): Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('standing: expected an object');
  return Object.fromEntries(Object.entries(value));
};

/**
 * The answer of GET /api/films/standing, checked by hand like the other
 * answers a first visit to a page needs (decision 005): the film page is
 * often the first page of a visit, from a shared link.
 */
export const standingDecoder: Parser<{ standing: FilmStanding }> = {
  parse: (value) => {
    const s = fieldsOf(fieldsOf(value).standing);
    if (typeof s.slug !== 'string' || !Array.isArray(s.ratings_by_value)) throw new Error('standing: malformed');
    return {
      standing: {
        film_id: count(s.film_id),
        slug: s.slug,
        rank: count(s.rank),
        films: count(s.films),
        score: count(s.score),
        N: count(s.N),
        H: count(s.H),
        R: count(s.R),
        S: count(s.S),
        answers: count(s.answers),
        not_heard_share: countOrNull(s.not_heard_share),
        average_rating: countOrNull(s.average_rating),
        ratings_by_value: s.ratings_by_value.map((bar) => {
          const b = fieldsOf(bar);
          return { rating: count(b.rating), count: count(b.count) };
        }),
      },
    };
  },
};

/** GET /api/films/standing?slug=...: a film's rank, its four counters, the score's two halves and its ratings per value (issue 13). */
export async function getStanding(slug: string, signal?: AbortSignal): Promise<FilmStanding> {
  const answer = await api('/api/films/standing', { query: { slug }, schema: standingDecoder, ...(signal ? { signal } : {}) });
  return answer.standing;
}

/** A film's standing, for its page; read again after a vote on it. */
export const useStanding = (slug: string | null) =>
  useQuery({
    queryKey: queryKeys.filmStanding(slug ?? ''),
    queryFn: ({ signal }) => getStanding(slug ?? '', signal),
    enabled: slug !== null,
    meta: { failure: 'Loading the standing failed' },
  });
