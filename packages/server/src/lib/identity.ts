import unhomoglyph from 'unhomoglyph';
import { normalizeTitle } from '@filmlist/shared/film-rules';

/**
 * How names and titles are compared (docs/decisions/012-one-text-rule-one-fold-and-skeletons.md).
 * Everything that asks "is this the same name?" (the account lookup at login, the sign-up and
 * rename checks, the wrong-password limits, the database's unique indexes) uses these functions,
 * computed here and stored beside the text, so the database never folds text its own way.
 */

/**
 * Upper case and back. Twice in foldName: "ẞ" is already upper case, so one round trip only lowers it
 * to "ß", which the second takes to "ss" as it takes "ß".
 */
const caseRoundTrip = (text: string): string => text.toUpperCase().toLowerCase();

/**
 * The one case fold: compatibility forms folded (NFKC: fullwidth letters, the Kelvin sign, "ſ"),
 * then upper case and back to lower case, which folds "ß" and "ẞ" to "ss", "ς" to "σ" and "ı" to
 * "i", and keeps "İ" apart from "i" (it lowers to "i" with a combining dot, as Unicode's full case
 * folding does). JavaScript's case mappings do not depend on a locale.
 */
export function foldName(text: string): string {
  return caseRoundTrip(caseRoundTrip(text.normalize('NFKC'))).normalize('NFKC');
}

/**
 * Lookalikes that Unicode's confusables data (version 13) leaves apart, and this project treats as one:
 * - vertical strokes without a dot, which the data maps to "i" although they look as much like "l",
 *   "I" and "1" ("аррӏе" with a Cyrillic palochka reads as "apple");
 * - small capitals, read as their letters ("Franᴋ" is "Frank");
 * - Greek chi, read as "x" like the Cyrillic "х" the data already maps.
 */
const LOOKALIKES: Record<string, string> = {
  ...Object.fromEntries([...'\u0131\u0269\u026A\u03B9\u04CF\u1FBE\u2373\uA647'].map((stroke) => [stroke, 'l'])),
  ...Object.fromEntries(
    [...'abcdefghjkmnopqrstuvwyz'].map((letter, i) => [
      [
        ...'\u1D00\u0299\u1D04\u1D05\u1D07\uA730\u0262\u029C\u1D0A\u1D0B\u1D0D\u0274\u1D0F\u1D18\uA7AF\u0280\uA731\u1D1B\u1D1C\u1D20\u1D21\u028F\u1D22',
      ][i] ?? letter,
      letter,
    ]),
  ),
  '\u029F': 'l',
  '\u03C7': 'x',
};
const LOOKALIKE = new RegExp(`[${Object.keys(LOOKALIKES).join('')}]`, 'gu');
const lookalikesReplaced = (text: string) => text.replace(LOOKALIKE, (char) => LOOKALIKES[char] ?? char);
/** Marks of no script of their own (acute, grave, dot below...): a name with them reads as the name without. */
const GENERIC_MARKS = /\p{Script=Inherited}/gu;

/**
 * The confusable skeleton of Unicode UTS #39 (decomposed, every character mapped to its prototype
 * in Unicode's confusables data, decomposed again), with the lookalikes above and without generic
 * marks, then folded, so that lookalikes in any script and letter case are one name: "АРРLЕ" in
 * Cyrillic capitals is "apple", "B0B" is "bob", "rn" is "m", "vv" is "w", "alìce" is "alice". Only for
 * comparing: never shown. Names that fold alike are caught by foldName's own index.
 */
export function skeletonOf(text: string): string {
  const decomposed = lookalikesReplaced(text.normalize('NFKC').normalize('NFD').replace(GENERIC_MARKS, ''));
  const mapped = lookalikesReplaced(unhomoglyph(decomposed).normalize('NFD').replace(GENERIC_MARKS, ''));
  // The data maps some letters apart by case ("I" to "l" but "i" to itself, "M" to itself but "m" to "rn"),
  // and every case of a name is one account: so "i" reads as "l" and "rn" as "m", whatever the case, and
  // "lRMA" or Greek "ΜΙΚΕ" is a lookalike of "irma" or "mike" (spelt "IRMA", "MIKE").
  return foldName(mapped).replace(/w/g, 'vv').replace(/rn/g, 'm').replace(/i/g, 'l');
}

/**
 * A name without its punctuation and spaces, as its skeleton compares it (a username's too: "mal_lory"
 * and "mallory." read as "mallory"): "Dark City", "Dark-City", "Dark_City", "Dark.City!" and
 * "DarkCity" name one film in a year (a film's address already made "Spider Man" and "Spider-Man" one).
 */
const lettersOnly = (text: string) => text.replace(/[\p{P}\p{Z}\s]+/gu, '');

/** A username's identity: the fold the login looks it up by, and the skeleton; each is unique. */
export function usernameKeys(username: string): { usernameKey: string; usernameSkeleton: string } {
  return { usernameKey: foldName(username), usernameSkeleton: lettersOnly(skeletonOf(username)) };
}

/** A film title's identity within its year: its fold and its skeleton, each unique with the year. */
export function titleKeys(title: string): { titleKey: string; titleSkeleton: string } {
  const normalized = normalizeTitle(title);
  return { titleKey: lettersOnly(foldName(normalized)), titleSkeleton: lettersOnly(skeletonOf(normalized)) };
}
