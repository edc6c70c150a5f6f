import type { Film } from '@filmlist/shared/api/films';

/** The counters a film's standing is told from (docs/product.md §Ranking counts): N, H, R and S. */
export type Counts = Pick<Film, 'n' | 'h' | 'r' | 's'>;

export interface ShortStanding {
  /** the share of answers that had not heard of it, in whole percent; null without answers */
  notHeardPercent: number | null;
  /** S / R to one decimal, e.g. "7.4"; null without ratings */
  average: string | null;
  ratings: number;
}

/** The two halves of a film's score in plain numbers (§Standing): N / (N + H + R), and S / R from R ratings. */
export function shortStanding({ n, h, r, s }: Counts): ShortStanding {
  const answers = n + h + r;
  return {
    notHeardPercent: answers > 0 ? Math.round((n / answers) * 100) : null,
    average: r > 0 ? (s / r).toFixed(1) : null,
    ratings: r,
  };
}

/** Each film's place in the ranked list (1-based), by id: a search or a filter does not change it. */
export const ranksOf = (films: readonly Film[]): Map<number, number> => new Map(films.map((film, i) => [film.film_id, i + 1]));
