import { RATING_MAX } from './constants.js';

/** The per-film counters of PRODUCT.md §4. */
export interface FilmCounts {
  /** answers "No, not heard before" */
  notHeard: number;
  /** answers "Yes, heard before" by users who have not rated the film */
  heardNotRated: number;
  /** number of ratings */
  ratingCount: number;
  /** sum of ratings */
  ratingSum: number;
}

/**
 * SPEC §9: the average of N/total*100 and S/(10*R)/R*100. The double division
 * by R is the spec's and intended: films fall as they get rated. The score is
 * 0 when total is 0, the rating term is 0 when R is 0, and it is never NaN.
 */
export function filmScore(c: FilmCounts): number {
  const total = c.notHeard + c.heardNotRated + c.ratingCount;
  if (!(total > 0)) return 0;
  const heardTerm = (c.notHeard / total) * 100;
  const ratingTerm = c.ratingCount > 0 ? (c.ratingSum / (RATING_MAX * c.ratingCount) / c.ratingCount) * 100 : 0;
  const score = (heardTerm + ratingTerm) / 2;
  return Number.isFinite(score) ? score : 0;
}

export interface Rankable {
  film_id: number;
  title: string;
  score: number;
}

// One collator for every comparison: String.prototype.localeCompare builds one per call.
const titleOrder = new Intl.Collator('en', { sensitivity: 'base' });

/** Highest score first; ties by title A to Z, then by film_id. */
export function compareRanked(a: Rankable, b: Rankable): number {
  if (a.score !== b.score) return b.score - a.score;
  const byTitle = titleOrder.compare(a.title, b.title);
  if (byTitle !== 0) return byTitle;
  const exact = a.title < b.title ? -1 : a.title > b.title ? 1 : 0;
  return exact !== 0 ? exact : a.film_id - b.film_id;
}

export function rankFilms<T extends Rankable>(films: readonly T[]): T[] {
  return [...films].sort(compareRanked);
}
