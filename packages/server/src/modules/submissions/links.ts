/** Links that submission mail carries, all under PUBLIC_URL. */

/** Whitespace runs become dashes (the reviewer form turns dashes back into spaces), then URL-encoded. */
export function pathSegment(text: string): string {
  return encodeURIComponent(text.trim().replace(/\s+/g, '-'));
}

export interface ReviewerFormFields {
  title: string;
  releaseYear: number;
  description: string;
  userId: number;
}

/** SPEC §2: /master/addfilm/{title}/{release_year}/{description}/{user_id}, prefilled from the path. */
export function reviewerFormLink(publicUrl: string, s: ReviewerFormFields): string {
  return `${publicUrl}/master/addfilm/${pathSegment(s.title)}/${s.releaseYear}/${pathSegment(s.description)}/${s.userId}`;
}

/** The review queue of every pending submission (PRODUCT.md §6). */
export function reviewQueueLink(publicUrl: string): string {
  return `${publicUrl}/master`;
}

export function filmPageLink(publicUrl: string, slug: string): string {
  return `${publicUrl}/films/${encodeURIComponent(slug)}`;
}
