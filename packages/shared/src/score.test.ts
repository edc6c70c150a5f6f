import { describe, expect, it } from 'vitest';
import { filmScore, rankFilms, scoreTerms, type FilmCounts } from './score.js';

const counts = (notHeard: number, heardNotRated: number, ratingCount: number, ratingSum: number): FilmCounts => ({
  notHeard,
  heardNotRated,
  ratingCount,
  ratingSum,
});

describe('filmScore (docs/product.md §Ranking score)', () => {
  it.each([
    ['no votes at all', counts(0, 0, 0, 0), 0],
    ['"heard before" answers only', counts(0, 3, 0, 0), 0],
    ['"not heard before" answers only', counts(4, 0, 0, 0), 50],
    ['mentions but no ratings: the rating term is 0', counts(1, 3, 0, 0), 12.5],
    ['one rating of 8', counts(0, 0, 1, 8), 40],
    ['one rating of 10 and one "not heard before"', counts(1, 0, 1, 10), 75],
    // total 4: N term 25; rating term 15/(10*2)/2*100 = 37.5.
    ['mixed', counts(1, 1, 2, 15), 31.25],
    // The double division by R: two perfect ratings score lower than one.
    ['two ratings of 10', counts(0, 0, 2, 20), 25],
    ['a sum without a count (impossible, but never NaN)', counts(0, 0, 0, 9), 0],
  ])('%s', (_case, c, expected) => {
    expect(filmScore(c)).toBeCloseTo(expected, 10);
  });

  it('is the average of its two terms, which say why a film stands where it does', () => {
    // 43 had not heard of it out of 50 answers and ratings; 5 ratings averaging 8.
    expect(scoreTerms(counts(43, 2, 5, 40))).toEqual({ answers: 50, heardTerm: 86, ratingTerm: 16 });
    expect(filmScore(counts(43, 2, 5, 40))).toBeCloseTo(51, 10);
    // An 8/10 from one more member lifts the average but lowers the rating term: the film falls.
    expect(scoreTerms(counts(43, 2, 6, 48)).ratingTerm).toBeLessThan(16);
    expect(scoreTerms(counts(0, 0, 0, 0))).toEqual({ answers: 0, heardTerm: 0, ratingTerm: 0 });
  });

  it('is never NaN or infinite', () => {
    const values = [0, 1, 2, 7, 1000];
    for (const n of values) {
      for (const h of values) {
        for (const r of values) {
          for (const s of [0, r, r * 10]) {
            const score = filmScore(counts(n, h, r, s));
            expect(Number.isFinite(score), `${n},${h},${r},${s}`).toBe(true);
            expect(score).toBeGreaterThanOrEqual(0);
            expect(score).toBeLessThanOrEqual(100);
          }
        }
      }
    }
    expect(filmScore(counts(Number.NaN, 0, 0, 0))).toBe(0);
  });
});

describe('rankFilms', () => {
  it('sorts by score, highest first', () => {
    const ranked = rankFilms([
      { film_id: 1, title: 'Low', score: 10 },
      { film_id: 2, title: 'High', score: 90 },
      { film_id: 3, title: 'Middle', score: 40.5 },
    ]);
    expect(ranked.map((f) => f.film_id)).toEqual([2, 3, 1]);
  });

  it('breaks ties by title A to Z, then by film_id', () => {
    const ranked = rankFilms([
      { film_id: 9, title: 'Zodiac', score: 50 },
      { film_id: 7, title: 'alien', score: 50 },
      { film_id: 4, title: 'Brazil', score: 50 },
      { film_id: 3, title: 'Brazil', score: 50 },
      { film_id: 5, title: 'Top', score: 60 },
      { film_id: 1, title: 'Alien', score: 50 },
    ]);
    expect(ranked.map((f) => f.film_id)).toEqual([5, 1, 7, 3, 4, 9]);
  });

  it('leaves its input untouched', () => {
    const input = [
      { film_id: 2, title: 'B', score: 0 },
      { film_id: 1, title: 'A', score: 0 },
    ];
    rankFilms(input);
    expect(input.map((f) => f.film_id)).toEqual([2, 1]);
  });
});
