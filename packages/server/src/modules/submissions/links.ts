/** Links that submission mail carries, all under PUBLIC_URL. */
import { toWellFormedText } from '@filmlist/shared/fields';
import { reviewerFormPath, type ReviewerFormFields } from '@filmlist/shared/reviewer-link';

/**
 * encodeURIComponent throws on a lone surrogate. The request schemas refuse
 * them, and this keeps a link from ever being the place a request fails.
 */
const encodeText = (text: string) => encodeURIComponent(toWellFormedText(text));

/**
 * SPEC §2: /master/addfilm/{title}/{release_year}/{description}/{user_id},
 * prefilled from the path; a real hyphen is sent as %2D, so "Spider-Man"
 * arrives as it was submitted (shared/reviewer-link.ts reads it back).
 */
export function reviewerFormLink(publicUrl: string, fields: ReviewerFormFields): string {
  return `${publicUrl}${reviewerFormPath(fields)}`;
}

/** The review queue of every pending submission (PRODUCT.md §6). */
export function reviewQueueLink(publicUrl: string): string {
  return `${publicUrl}/master`;
}

export function filmPageLink(publicUrl: string, slug: string): string {
  return `${publicUrl}/films/${encodeText(slug)}`;
}
