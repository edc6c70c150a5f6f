import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from './constants.js';
import { messages } from './messages.js';
import { isCommonPassword } from './common-passwords.js';
import { mixesAlphabets } from './film-rules.js';
import { followsTextRule, isWellFormedText, normalizeLineBreaks, type TextShape } from './text-rules.js';

/**
 * Every text field of every request starts here: ill-formed UTF-16 is refused
 * before any other rule, or any handler, sees the value.
 */
export const textInput = (error: string = messages.invalidRequest) =>
  z.string({ error }).refine(isWellFormedText, { message: messages.textIllFormed, abort: true });

/**
 * Every schema of a text field that is stored or shown, with its shape under the one text rule. A
 * schema built from one (trimmed, limited, described) is found here too, so a request's stored
 * fields can be read from its schema (the route fuzzer puts hidden characters into each).
 */
export const storedTextFields = z.registry<{ shape: TextShape }>();

/** Marks a schema as a stored or shown text field whose rules include the one text rule for its shape. */
export function markStored<T extends z.ZodType>(schema: T, shape: TextShape): T {
  storedTextFields.add(schema, { shape });
  return schema;
}

/**
 * A text field that is stored or shown: textInput, then the one text rule (text-rules.ts) for its
 * shape, which refuses controls, noncharacters and characters that draw nothing.
 */
export const storedText = (shape: TextShape, hidden: string, error?: string) =>
  markStored(
    textInput(error)
      .overwrite((v) => (shape === 'multi-line' ? normalizeLineBreaks(v) : v))
      .refine((v) => followsTextRule(v, shape), { message: hidden }),
    shape,
  );

/** One schema per user field, used by the sign-up and profile forms and by the server. */
const username = textInput(messages.usernameRequired)
  // Compatibility forms folded ("Ｒｉｔａ" and "Rita" are one name), so uniqueness sees through them.
  .normalize('NFKC')
  .min(1, messages.usernameRequired)
  .refine((v) => !/\s/.test(v), messages.usernameHasSpaces)
  .refine((v) => v.length <= USERNAME_MAX, messages.usernameTooLong)
  .refine((v) => /^[\p{L}\p{N}._-]+$/u.test(v), messages.usernameInvalid)
  // Implied by the line above today; kept so that every stored field visibly passes the one text rule.
  .refine((v) => followsTextRule(v, 'single-line'), messages.usernameInvalid)
  // "." and ".." are no names (and no path segments either).
  .refine((v) => /[\p{L}\p{N}]/u.test(v), messages.usernameNeedsLetter)
  .refine((v) => !mixesAlphabets(v), messages.usernameMixesAlphabets);
export const usernameField = markStored(username, 'single-line');

/** RFC 5322 atext: what an unquoted local part is made of. */
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
/** A dot-atom: no leading, trailing or doubled dot (and no backtracking: the dots separate the atoms). */
const LOCAL_PART = new RegExp(`^${ATOM}(?:\\.${ATOM})*$`);
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const LOCAL_PART_MAX = 64;

/**
 * docs/product.md §Usernames and emails: one plain address, an RFC 5322 addr-spec with a dot-atom
 * local part and a host name. No display name, list, group, comment or
 * domain literal. Quoted local parts are refused too: they exist to carry
 * spaces, "@", "<" and "," — the very characters that make one field hold
 * several addresses — and almost no real mailbox needs them. Local parts are
 * ASCII, because non-ASCII ones need SMTPUTF8 all along the way.
 */
export function isPlainAddress(address: string): boolean {
  if (address.length > EMAIL_MAX) return false;
  const [local, domain, ...rest] = address.split('@');
  if (local === undefined || domain === undefined || rest.length > 0) return false;
  if (local.length > LOCAL_PART_MAX || !LOCAL_PART.test(local)) return false;
  const labels = domain.split('.');
  const top = labels[labels.length - 1] ?? '';
  // A host name, not an IP address: the top-level label has a letter.
  return labels.length >= 2 && labels.every((label) => DOMAIN_LABEL.test(label)) && /[A-Za-z]/.test(top);
}

/** Letters, marks, digits, hyphens and the dots UTS 46 reads as dots: nothing that would change how a URL parses. */
const IDN_DOMAIN = /^[\p{L}\p{M}\p{N}\-.\u3002\uFF0E\uFF61]+$/u;

/**
 * Internationalised domains are accepted and kept in their ASCII (punycode)
 * form, so "box@exämple.test" and "box@xn--exmple-cua.test" are one address
 * and any SMTP server can deliver to it. The WHATWG URL parser does the IDNA
 * mapping the same way in browsers and in Node. ASCII domains are left as typed.
 */
export function withAsciiDomain(address: string): string {
  const at = address.lastIndexOf('@');
  const domain = address.slice(at + 1);
  if (at < 0 || /^[\x20-\x7E]*$/.test(domain) || !IDN_DOMAIN.test(domain)) return address;
  try {
    return address.slice(0, at + 1) + new URL(`http://${domain}`).hostname;
  } catch {
    return address;
  }
}

export const emailField = textInput(messages.emailInvalid)
  .min(1, messages.emailInvalid)
  .refine((v) => !/\s/.test(v), messages.emailHasSpaces)
  .overwrite(withAsciiDomain)
  .refine((v) => v.length <= EMAIL_MAX, messages.emailTooLong)
  .refine(isPlainAddress, messages.emailInvalid);

export const passwordField = textInput(messages.passwordRequired)
  .min(1, messages.passwordRequired)
  .refine((v) => v.length >= PASSWORD_MIN, messages.passwordTooShort)
  .refine((v) => v.length <= PASSWORD_MAX, messages.passwordTooLong)
  .refine((v) => !isCommonPassword(v), messages.passwordTooCommon);
