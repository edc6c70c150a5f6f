/**
 * The form of an address that uniqueness and the reviewer role compare
 * (PRODUCT.md §3): trimmed and case-folded. The address itself is stored as
 * the member typed it.
 */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}
