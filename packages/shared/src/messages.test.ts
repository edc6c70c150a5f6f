import { describe, expect, it } from 'vitest';
import { answersCount, fallExplained, ratingsCount, ratingsShort, voteAnnouncement, whyHere } from './messages.js';
import { scoreTerms } from './score.js';

const why = (notHeard: number, heardNotRated: number, ratingCount: number, ratingSum: number) =>
  whyHere(scoreTerms({ notHeard, heardNotRated, ratingCount, ratingSum }), ratingCount);

describe('whyHere (docs/product.md §Standing)', () => {
  it('counts answers, the word the film page uses for the same total', () => {
    // N + H + R = 50, as on the film page: "43 of 50 answers"
    expect(why(43, 2, 5, 40)).toBe('50 answers: few knew it, 5 ratings move it down');
    expect(answersCount(43, 50)).toBe('43 of 50 answers');
    expect(why(1, 0, 0, 0)).toBe('1 answer: few knew it');
  });

  it('says one rating in the singular, whichever way it moves the film', () => {
    // one rating of 9: rating term 90, it lifts; one rating of 2: rating term 20, it pulls down
    expect(why(3, 1, 1, 9)).toBe('5 answers: few knew it, its rating moves it up');
    expect(why(3, 1, 1, 2)).toBe('5 answers: few knew it, its rating moves it down');
    expect(why(3, 1, 1, 2)).not.toMatch(/\b1 ratings\b/);
  });

  it('says a few ratings move a film up and many move it down, and says nothing of ratings a film has not had', () => {
    expect(why(2, 1, 2, 20)).toBe('5 answers: some knew it, its 2 ratings move it up');
    expect(why(1, 10, 9, 63)).toBe('20 answers: most knew it, 9 ratings move it down');
    expect(why(2, 8, 0, 0)).toBe('10 answers: most knew it');
  });
});

describe('the count of ratings (docs/product.md §Standing)', () => {
  it("names what it counts, in the singular for one, on the film page and after a row's average", () => {
    expect(ratingsCount(31)).toBe('out of 10, from 31 ratings');
    expect(ratingsCount(1)).toBe('out of 10, from 1 rating');
    expect(ratingsShort(31)).toBe('(31 ratings)');
    expect(ratingsShort(1)).toBe('(1 rating)');
  });
});

describe('fallExplained (docs/product.md §Standing)', () => {
  it('says films fall as they become known, not that the film was judged', () => {
    expect(fallExplained).toMatch(/^Films fall as more members get to know them/);
    expect(fallExplained).not.toMatch(/demot|worse|lower rated/i);
    // It follows the announcement, which keeps the film's new place.
    expect(`${voteAnnouncement('Moon', { rating: 8 }, { rank: 3, films: 30 })} ${fallExplained}`).toMatch(
      /^You rated Moon 8\/10\. It is now #3 of 30\. Films fall as/,
    );
  });
});
