import type { Film } from '@filmlist/shared/api/films';
import type { FilmStanding } from '@filmlist/shared/api/standing';

/** A film as the API shows it. */
export const film = (film_id: number, title: string, release_year: number, watch_link: string | null = null): Film => ({
  film_id,
  title,
  release_year,
  description: `A logline for ${title}.`,
  watch_link,
  slug: `${title.toLowerCase().replace(/\s+/g, '-')}-${release_year}`,
  score: 0,
  n: 0,
  h: 0,
  r: 0,
  s: 0,
});

/** A film's standing (GET /api/films/standing): by default nobody has answered yet; counts per rating value 1 to 10. */
export function standing(slug: string, fields: Partial<FilmStanding> = {}, counts: number[] = []): FilmStanding {
  const ratings_by_value = Array.from({ length: 10 }, (_, i) => ({ rating: i + 1, count: counts[i] ?? 0 }));
  const R = ratings_by_value.reduce((sum, bar) => sum + bar.count, 0);
  const S = ratings_by_value.reduce((sum, bar) => sum + bar.rating * bar.count, 0);
  const N = fields.N ?? 0;
  const H = fields.H ?? 0;
  const answers = N + H + R;
  return {
    film_id: 1,
    slug,
    rank: 1,
    films: 1,
    score: 0,
    N,
    H,
    R,
    S,
    answers,
    not_heard_share: answers > 0 ? N / answers : null,
    average_rating: R > 0 ? S / R : null,
    ratings_by_value,
    ...fields,
  };
}
