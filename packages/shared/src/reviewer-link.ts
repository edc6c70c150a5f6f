/**
 * docs/product.md §Reviewer link: /master/addfilm/{title}/{release_year}/{description}/{user_id}, the
 * reviewer form prefilled from its path, where "dashes become spaces". The
 * link builder (the server's review-request mail, the review queue) and the
 * web's route share this one encoding, so a real hyphen survives the trip:
 * whitespace runs become the dashes the rule turns back into spaces, and a
 * hyphen of the text is written %2D, read back only after the dash rule.
 */
import { toWellFormedText } from './well-formed.js';

export interface ReviewerFormFields {
  title: string;
  releaseYear: number | string;
  description: string;
  userId: number | string;
}

/**
 * One path segment: each word URL-encoded with its hyphens as %2D, words
 * joined by dashes. Lone surrogates become U+FFFD first (encodeURIComponent
 * throws on them), so building a link never fails.
 */
export function reviewerSegment(text: string): string {
  return toWellFormedText(text)
    .trim()
    .split(/\s+/u)
    .map((word) => encodeURIComponent(word).replace(/-/g, '%2D'))
    .join('-');
}

/**
 * A segment read back: its dashes become spaces (the product's rule, for the
 * separators), then what was encoded is decoded, %2D to a real hyphen. A
 * hand-made "Mid-August-Lunch" reads "Mid August Lunch", as the rule says.
 */
export function readReviewerSegment(segment: string): string {
  return segment
    .split('-')
    .map((word) => {
      try {
        return decodeURIComponent(word);
      } catch {
        // A malformed escape ("%E0%A4%A") is left as it was typed.
        return word;
      }
    })
    .join(' ');
}

/** The path of the reviewer form for one submission. */
export function reviewerFormPath(fields: ReviewerFormFields): string {
  const year = reviewerSegment(String(fields.releaseYear));
  const userId = reviewerSegment(String(fields.userId));
  return `/master/addfilm/${reviewerSegment(fields.title)}/${year}/${reviewerSegment(fields.description)}/${userId}`;
}

export interface ReviewerFormPrefill {
  title: string;
  release_year: string;
  description: string;
  userId: string;
}

/**
 * The fields of a reviewer-form path as the browser holds it (still
 * percent-encoded: a router's decoded params have lost the difference between
 * a separator and a real hyphen), or null for another path.
 */
export function readReviewerFormPath(pathname: string): ReviewerFormPrefill | null {
  const match = /^\/master\/addfilm\/([^/]+)\/([^/]+)\/([^/]+)\/([^/]+)\/?$/u.exec(pathname);
  if (!match) return null;
  const [, title = '', year = '', description = '', userId = ''] = match;
  return {
    title: readReviewerSegment(title),
    release_year: readReviewerSegment(year).trim(),
    description: readReviewerSegment(description),
    userId: readReviewerSegment(userId).trim(),
  };
}
