import { RATING_MAX } from './constants.js';

/** The per-film counters (docs/product.md §Ranking counts). */
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
 * The two halves the score averages, each from 0 to 100, and the total they
 * divide by, so a page can say why a film stands where it does: `heardTerm`
 * is N / (N + H + R) * 100 (ratings count in that total), `ratingTerm` is
 * S / (10 * R) / R * 100, which falls as R grows. Both are 0 without answers.
 */
export interface ScoreTerms {
  /** N + H + R */
  answers: number;
  heardTerm: number;
  ratingTerm: number;
}

export function scoreTerms(c: FilmCounts): ScoreTerms {
  const answers = c.notHeard + c.heardNotRated + c.ratingCount;
  if (!(answers > 0)) return { answers: 0, heardTerm: 0, ratingTerm: 0 };
  const heardTerm = (c.notHeard / answers) * 100;
  const ratingTerm = c.ratingCount > 0 ? (c.ratingSum / (RATING_MAX * c.ratingCount) / c.ratingCount) * 100 : 0;
  return { answers, heardTerm, ratingTerm };
}

/**
 * docs/product.md §Ranking score: the average of N/total*100 and S/(10*R)/R*100.
 * The double division by R is intended: films fall as they get rated. The score is
 * 0 when total is 0, the rating term is 0 when R is 0, and it is never NaN.
 */
export function filmScore(c: FilmCounts): number {
  const { heardTerm, ratingTerm } = scoreTerms(c);
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
