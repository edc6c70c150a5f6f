/**
 * The form of an address that uniqueness and the reviewer role compare
 * (docs/product.md §Usernames and emails): trimmed and case-folded. The address itself is stored as
 * the member typed it.
 */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/** Providers known to ignore dots in the local part, each under the one domain their mailboxes are counted by. */
const DOTLESS_PROVIDERS: Readonly<Record<string, string>> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The mailbox an address delivers to, as mail limits count it: its key without a "+tag" subaddress
 * (RFC 5233), which most providers deliver to the same mailbox, so "box+1@" and "box+2@" share
 * one budget; and at Gmail, which ignores dots and answers for googlemail.com too, without its dots
 * ("a.b@googlemail.com" is "ab@gmail.com").
 */
export function mailboxKey(email: string): string {
  const key = emailKey(email);
  const at = key.lastIndexOf('@');
  if (at <= 0) return key;
  const domain = key.slice(at + 1);
  const local = key.slice(0, at).split('+')[0] || key.slice(0, at);
  const provider = DOTLESS_PROVIDERS[domain];
  return provider === undefined ? `${local}@${domain}` : `${local.replace(/\./g, '')}@${provider}`;
}
