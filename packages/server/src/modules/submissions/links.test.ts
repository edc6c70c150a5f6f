import { describe, expect, it } from 'vitest';
import { readReviewerFormPath, reviewerSegment } from '@filmlist/shared/reviewer-link';
import { reviewRequestMail } from '../../mail/templates.js';
import { filmPageUrl } from '../pages/addresses.js';
import { reviewerFormLink } from './links.js';

/** docs/product.md §Text rules: encodeURIComponent throws on a lone surrogate; links built from text never do. */
describe('links built from submitted text', () => {
  it('encode a lone surrogate as U+FFFD instead of throwing', () => {
    expect(() => encodeURIComponent('\uD800')).toThrow(URIError);
    expect(reviewerSegment('Quiet \uD800 Earth')).toBe('Quiet-%EF%BF%BD-Earth');
    expect(filmPageUrl('http://films.test', 'x\uDC00-1985')).toBe('http://films.test/films/x%EF%BF%BD-1985');
    const link = reviewerFormLink('http://films.test', { title: '\uD83D', releaseYear: 1985, description: 'a \uDE00', userId: 4 });
    expect(link).toBe('http://films.test/master/addfilm/%EF%BF%BD/1985/a-%EF%BF%BD/4');
  });

  it('keep well-formed text as before, astral characters included', () => {
    expect(reviewerSegment('  Night  of the Comet \u{1F600} ')).toBe(`Night-of-the-Comet-${encodeURIComponent('\u{1F600}')}`);
  });

  it('and the mail around them carries no lone surrogate', () => {
    const summary = { title: 'Quiet \uD800', releaseYear: 1985, description: '\uDC00', submitter: 'm\uD83D' };
    const mail = reviewRequestMail('r@example.test', summary, 'http://films.test/master/addfilm/x', 'http://films.test/master');
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toMatch(/\p{Cs}/u);
      expect(() => encodeURIComponent(part)).not.toThrow();
    }
    expect(mail.subject).toContain('Quiet \uFFFD');
  });
});

/** docs/decisions/008-reviewer-link-hyphens.md: the reviewer form once turned every hyphen of a mailed link into a space. */
describe('the reviewer form link', () => {
  it.each([
    ['Mid-August Lunch', 2008, 'A cash-strapped man agrees to host four elderly ladies over a holiday.'],
    ['Spider-Man', 2002, 'A shy teen becomes a web-slinging hero - at a price.'],
    ['Night  of the Comet', 1984, 'Two sisters? Survive. 100%'],
  ])('carries %s through the link as it was submitted', (title, releaseYear, description) => {
    const link = reviewerFormLink('http://films.test', { title, releaseYear, description, userId: 41 });
    expect(link.startsWith('http://films.test/master/addfilm/')).toBe(true);
    expect(readReviewerFormPath(new URL(link).pathname)).toEqual({
      title: title.replace(/\s+/g, ' '),
      release_year: String(releaseYear),
      description,
      userId: '41',
    });
  });

  it('writes real hyphens as %2D, so the rule that dashes become spaces only meets its separators', () => {
    const link = reviewerFormLink('http://films.test', {
      title: 'Spider-Man',
      releaseYear: 2002,
      description: 'A web-slinger.',
      userId: 3,
    });
    expect(link).toBe('http://films.test/master/addfilm/Spider%2DMan/2002/A-web%2Dslinger./3');
  });
});
