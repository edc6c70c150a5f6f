/** Links that submission mail carries, all under PUBLIC_URL. */
import { reviewerFormPath, type ReviewerFormFields } from '@filmlist/shared/reviewer-link';
import { PAGES } from '@filmlist/shared/pages';
import { pageUrl } from '../pages/addresses.js';

/**
 * docs/product.md §Reviewer link: /master/addfilm/{title}/{release_year}/{description}/{user_id},
 * prefilled from the path; a real hyphen is sent as %2D, so "Spider-Man"
 * arrives as it was submitted (shared/reviewer-link.ts reads it back).
 */
export function reviewerFormLink(publicUrl: string, fields: ReviewerFormFields): string {
  return `${publicUrl}${reviewerFormPath(fields)}`;
}

/** The review queue of every pending submission (docs/product.md §Review queue). */
export function reviewQueueLink(publicUrl: string): string {
  return pageUrl(publicUrl, PAGES.reviewQueue);
}
