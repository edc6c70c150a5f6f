import { isWellFormedText, LONE_SURROGATES, toWellFormedText } from './well-formed.js';
/**
 * The one rule for text that is stored or shown (docs/product.md §Text rules): every title,
 * logline, username, reason, note and link goes through it, on the server and in the forms.
 *
 * It refuses what draws nothing or cannot travel:
 * - control characters (C0, DEL, C1), except the whitespace a multi-line field allows (tab, line
 *   feed, carriage return); a single-line field allows none, nor the Unicode line separators;
 * - noncharacters (U+FDD0..U+FDEF and the last two code points of every plane), which XML and
 *   many parsers refuse;
 * - lone surrogates (half of an emoji);
 * - format characters and the other default-ignorable code points (zero-width spaces and joiners,
 *   bidi controls, BOM, tag characters), and letters that draw nothing (Hangul fillers, the blank
 *   braille pattern), except the joiners and variation selectors inside an emoji sequence;
 * - private-use characters, which draw whatever a font puts there, and unassigned code points, which
 *   draw as an empty box today and as who knows what once Unicode assigns them;
 * - combining marks that float on nothing, pile up past four, or sit on a letter of another script
 *   (a Devanagari nukta or a Thai vowel on a Latin "k"), since they hide a difference.
 *
 * Line breaks are one kind: CR LF, a bare CR and the Unicode line and paragraph separators are
 * written as LF (normalizeLineBreaks) before a multi-line field is stored.
 */

export type TextShape = 'single-line' | 'multi-line';

/** Controls, by shape: a multi-line field keeps tab, LF and CR; a single-line one keeps no control and no line separator. */
const CONTROLS: Record<TextShape, RegExp> = {
  'multi-line': /(?![\t\n\r])\p{Cc}/u,
  'single-line': /[\p{Cc}\u2028\u2029]/u,
};

/** Noncharacters: U+FDD0..U+FDEF, and U+xFFFE and U+xFFFF in every plane. */
const NONCHARACTER =
  /[\uFDD0-\uFDEF\uFFFE\uFFFF\u{1FFFE}\u{1FFFF}\u{2FFFE}\u{2FFFF}\u{3FFFE}\u{3FFFF}\u{4FFFE}\u{4FFFF}\u{5FFFE}\u{5FFFF}\u{6FFFE}\u{6FFFF}\u{7FFFE}\u{7FFFF}\u{8FFFE}\u{8FFFF}\u{9FFFE}\u{9FFFF}\u{AFFFE}\u{AFFFF}\u{BFFFE}\u{BFFFF}\u{CFFFE}\u{CFFFF}\u{DFFFE}\u{DFFFF}\u{EFFFE}\u{EFFFF}\u{FFFFE}\u{FFFFF}\u{10FFFE}\u{10FFFF}]/u;

/** Format characters (Cf) and the other default-ignorables: they draw nothing. */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
export const INVISIBLE_CHARACTERS = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
/** Letters and symbols that draw nothing: Hangul fillers, the blank braille pattern, the musical null notehead. */
const BLANK_LETTERS = /[\u115F\u1160\u3164\uFFA0\u2800\u{1D159}]/u;
/**
 * An emoji and its sequence: variation selectors and joiners belong there, and only there; so do a
 * keycap's (1️⃣) and a subdivision flag's tag characters.
 */
export const EMOJI_SEQUENCE =
  /[#*0-9]\uFE0F?\u20E3|\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}|\p{Extended_Pictographic}[\uFE0E\uFE0F]?(?:\u200D\p{Extended_Pictographic}[\uFE0E\uFE0F]?)*/gu;
const PRIVATE_USE = /\p{Co}/u;
/** Code points Unicode has not assigned (as this JavaScript engine's Unicode version knows them); noncharacters are refused apart. */
const UNASSIGNED = /\p{Cn}/u;

const MARK = /\p{M}/u;
/** What a mark may sit on. */
const MARK_BASE = /[\p{L}\p{N}\p{S}\p{P}]/u;
/** More marks than any script stacks on one letter. */
const MARKS_PER_LETTER = 4;
/**
 * The scripts that have combining marks of their own (not Inherited): a mark of one of these sits only
 * on a letter whose Script_Extensions include that script.
 */
const MARK_SCRIPTS = (
  'Adlm Ahom Arab Bali Bamu Bass Batk Beng Bhks Brah Bugi Buhd Cakm Cham Copt Cyrl Deva Diak Dogr Dupl Egyp Ethi Gara ' +
  'Glag Gong Gonm Gran Grek Gujr Gukh Guru Hang Hani Hano Hebr Hmng Hmnp Java Kali Kawi Khar Khmr Khoj Kits Knda Kthi ' +
  'Lana Laoo Lepc Limb Mahj Maka Mand Mani Marc Mend Miao Mlym Modi Mong Mtei Mymr Nagm Nand Newa Nkoo Onao Orya Ougr ' +
  'Perm Rjng Rohg Samr Saur Sgnw Shrd Sidd Sind Sinh Sogd Soyo Sund Sylo Syrc Tagb Takr Taml Tavt Tayo Telu Tfng Tglg ' +
  'Thaa Thai Tibt Tirh Toto Tutg Wcho Yezi Zanb'
).split(' ');
const scriptPatterns = new Map<string, { script: RegExp; extensions: RegExp }>();
function patternsOf(script: string): { script: RegExp; extensions: RegExp } | undefined {
  if (!scriptPatterns.has(script)) {
    try {
      scriptPatterns.set(script, { script: new RegExp(`\\p{sc=${script}}`, 'u'), extensions: new RegExp(`\\p{scx=${script}}`, 'u') });
    } catch {
      // A script newer than this JavaScript engine's Unicode: its marks are judged as inherited ones.
      return undefined;
    }
  }
  return scriptPatterns.get(script);
}

/** Whether a mark may follow `base` as the `count`th mark on it: not on nothing, not past four, not on another script's letter. */
function markFits(char: string, base: string | undefined, count: number): boolean {
  if (base === undefined || !MARK_BASE.test(base) || count > MARKS_PER_LETTER) return false;
  for (const script of MARK_SCRIPTS) {
    const patterns = patternsOf(script);
    if (patterns?.script.test(char)) return patterns.extensions.test(base);
  }
  return true;
}

/** The text's characters, each with whether it is a mark that does not fit where it sits. */
function* withMarkFit(text: string): Generator<{ char: string; misplaced: boolean }> {
  let base: string | undefined;
  let marks = 0;
  for (const char of text) {
    if (!MARK.test(char)) {
      base = char;
      marks = 0;
      yield { char, misplaced: false };
      continue;
    }
    marks += 1;
    yield { char, misplaced: !markFits(char, base, marks) };
  }
}

/** A mark on nothing, a pile of marks, or a mark on a letter of another script. */
function misplacedMark(text: string): boolean {
  for (const { misplaced } of withMarkFit(text)) if (misplaced) return true;
  return false;
}

export { isWellFormedText, toWellFormedText };

/** Whether the text holds a character that draws nothing, outside an emoji sequence ("👨‍👩‍👧" keeps its joiners). */
export function containsInvisible(text: string): boolean {
  const looked = text.replace(EMOJI_SEQUENCE, '');
  return INVISIBLE.test(looked) || BLANK_LETTERS.test(looked);
}

/** What is wrong with a text under the rule, or null: 'ill-formed' (a lone surrogate) or 'hidden' (everything else the rule refuses). */
export function textProblem(text: string, shape: TextShape): 'ill-formed' | 'hidden' | null {
  if (!isWellFormedText(text)) return 'ill-formed';
  if (CONTROLS[shape].test(text) || NONCHARACTER.test(text) || PRIVATE_USE.test(text) || UNASSIGNED.test(text) || containsInvisible(text))
    return 'hidden';
  if (misplacedMark(text.replace(EMOJI_SEQUENCE, ''))) return 'hidden';
  return null;
}

/** Every line break as LF: CR LF, a bare CR, U+2028 and U+2029. */
export const normalizeLineBreaks = (text: string): string => text.replace(/\r\n?|[\u2028\u2029]/g, '\n');

/** Whether the text passes the rule. */
export const followsTextRule = (text: string, shape: TextShape): boolean => textProblem(text, shape) === null;

/**
 * What XML 1.0 cannot hold (controls other than tab, LF and CR; lone surrogates; U+FFFE and U+FFFF),
 * and what it discourages (C1 controls, DEL, the other noncharacters).
 */
const NOT_FOR_XML =
  /(?![\t\n\r])\p{Cc}|[\p{Cs}\uFDD0-\uFDEF\uFFFE\uFFFF\u{1FFFE}\u{1FFFF}\u{2FFFE}\u{2FFFF}\u{3FFFE}\u{3FFFF}\u{4FFFE}\u{4FFFF}\u{5FFFE}\u{5FFFF}\u{6FFFE}\u{6FFFF}\u{7FFFE}\u{7FFFF}\u{8FFFE}\u{8FFFF}\u{9FFFE}\u{9FFFF}\u{AFFFE}\u{AFFFF}\u{BFFFE}\u{BFFFF}\u{CFFFE}\u{CFFFF}\u{DFFFE}\u{DFFFF}\u{EFFFE}\u{EFFFF}\u{FFFFE}\u{FFFFF}\u{10FFFE}\u{10FFFF}]/gu;

/** The text without anything XML 1.0 cannot hold or discourages: what a feed or sitemap writes, whatever is stored. */
export const forXml = (text: string): string => text.replace(NOT_FOR_XML, '');

/**
 * Text from outside the site (the film database's names, genres and titles) is cleaned rather than
 * refused: what the rule refuses in a single-line field is removed, line breaks and whitespace runs
 * become one space, and the text is cut to `max` characters. What comes out follows the rule.
 */
export function cleanExternalText(text: string, max: number): string {
  const hidden = [LONE_SURROGATES, CONTROLS['single-line'], NONCHARACTER, INVISIBLE, BLANK_LETTERS].map(
    (rule) => new RegExp(rule.source, 'gu'),
  );
  const visible = hidden.reduce((kept, rule) => kept.replace(rule, ''), text.replace(/[\t\n\r\u0085\u2028\u2029]/g, ' '));
  const drawn = visible.replace(new RegExp(PRIVATE_USE.source, 'gu'), '').replace(new RegExp(UNASSIGNED.source, 'gu'), '');
  const fitting = [...withMarkFit(drawn)]
    .filter(({ misplaced }) => !misplaced)
    .map(({ char }) => char)
    .join('');
  const cleaned = fitting.normalize('NFC').replace(/\s+/g, ' ').trim();
  return [...cleaned].slice(0, max).join('');
}
