import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readReviewerFormPath, readReviewerSegment, reviewerFormPath, reviewerSegment } from './reviewer-link.js';

const midAugust = {
  title: 'Mid-August Lunch',
  releaseYear: 2008,
  description: 'A cash-strapped man agrees to host four elderly ladies…',
  userId: 12,
};

describe('the reviewer form link (docs/product.md §Reviewer link)', () => {
  it('writes separators as dashes and real hyphens as %2D', () => {
    expect(reviewerSegment('Mid-August Lunch')).toBe('Mid%2DAugust-Lunch');
    expect(reviewerSegment('  Spider-Man  ')).toBe('Spider%2DMan');
    expect(reviewerFormPath(midAugust)).toBe(
      `/master/addfilm/Mid%2DAugust-Lunch/2008/A-cash%2Dstrapped-man-agrees-to-host-four-elderly-${encodeURIComponent('ladies…')}/12`,
    );
  });

  it('reads back exactly what it wrote, hyphens included', () => {
    expect(readReviewerFormPath(reviewerFormPath(midAugust))).toEqual({
      title: 'Mid-August Lunch',
      release_year: '2008',
      description: 'A cash-strapped man agrees to host four elderly ladies…',
      userId: '12',
    });
    const spiderMan = {
      title: 'Spider-Man',
      releaseYear: 2002,
      description: 'A bite turns a shy teen into a web-slinging hero - at a cost.',
      userId: 3,
    };
    expect(readReviewerFormPath(reviewerFormPath(spiderMan))).toMatchObject({ title: 'Spider-Man', description: spiderMan.description });
  });

  it('keeps the rule for hand-made links: their dashes become spaces', () => {
    expect(readReviewerFormPath('/master/addfilm/Mid-August-Lunch/2008/a-cash-strapped-man/12')).toEqual({
      title: 'Mid August Lunch',
      release_year: '2008',
      description: 'a cash strapped man',
      userId: '12',
    });
    // A %2D typed by hand is a hyphen; a literal %20 a space; a broken escape stays as typed.
    expect(readReviewerSegment('X%2DMen-2')).toBe('X-Men 2');
    expect(readReviewerSegment('Quiet%20Earth')).toBe('Quiet Earth');
    expect(readReviewerSegment('100%-Wolf')).toBe('100% Wolf');
  });

  it('answers null for any other path', () => {
    expect(readReviewerFormPath('/master')).toBeNull();
    expect(readReviewerFormPath('/master/addfilm/a/1/b')).toBeNull();
    expect(readReviewerFormPath('/master/addfilm/a/1/b/2/3')).toBeNull();
  });

  it('never throws, and turns a lone surrogate into U+FFFD', () => {
    expect(reviewerSegment('Quiet \uD800 Earth')).toBe('Quiet-%EF%BF%BD-Earth');
  });

  it('round-trips any text up to its whitespace (runs become one space, ends are trimmed)', () => {
    const words = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 });
    fc.assert(
      fc.property(words, (text) => {
        const expected = text
          .replace(/\p{Cs}/gu, '\uFFFD')
          .trim()
          .split(/\s+/u)
          .join(' ');
        return readReviewerSegment(reviewerSegment(text)) === expected;
      }),
    );
  });
});
