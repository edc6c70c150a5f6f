import { toWellFormedText } from '@filmlist/shared/text-rules';

/**
 * The path of a film's public page (docs/product.md §Film addresses), or of
 * its members' page. A lone surrogate, which encodeURIComponent throws on,
 * becomes U+FFFD, so a link is never where a request fails.
 */
export function filmPagePath(slug: string, options: { private?: boolean } = {}): string {
  return `/films/${options.private ? 'private/' : ''}${encodeURIComponent(toWellFormedText(slug))}`;
}

/** The address of a film's public page under PUBLIC_URL (never a request's Host). */
export const filmPageUrl = (publicUrl: string, slug: string): string => `${publicUrl}${filmPagePath(slug)}`;
