import { DESCRIPTION_MAX, TITLE_MAX, YEAR_MIN, yearMax } from './constants.js';
import { messages } from './messages.js';

/** Invisible characters: format characters (Cf: zero-width spaces and joiners, BOM, bidi controls) and the other default-ignorables. */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
/** Letters that draw nothing: Hangul fillers and the blank braille pattern. */
const BLANK_LETTERS = /[\u115F\u1160\u3164\uFFA0\u2800]/u;
/** An emoji and its sequence: variation selectors and joiners belong there, and only there. */
const EMOJI_SEQUENCE = /\p{Extended_Pictographic}[\uFE0E\uFE0F]?(?:\u200D\p{Extended_Pictographic}[\uFE0E\uFE0F]?)*/gu;

/** Whether the text holds a character that draws nothing, outside an emoji sequence ("👨‍👩‍👧" keeps its joiners). */
export function containsInvisible(text: string): boolean {
  const looked = text.replace(EMOJI_SEQUENCE, '');
  return new RegExp(INVISIBLE.source, 'u').test(looked) || BLANK_LETTERS.test(looked);
}

/** Colons and slashes that look like ASCII ones but are not folded to them by NFKC. */
const COLON_LOOKALIKES = /[\uA789\u02F8\u2236\uFE13\uFE55\u02D0\u205A\u05C3\u0589\u1361]/gu;
const SLASH_LOOKALIKES = /[\u2044\u2215\u29F8\u2571\u3033]/gu;

/**
 * What the link and accent rules look at (PRODUCT.md §11): invisible
 * characters removed, then NFKD — the compatibility folding of NFKC
 * ("ｈｔｔｐｓ：／／" is "https://"), with accents left as separate marks.
 */
function foldedForRules(text: string): string {
  return text.replace(INVISIBLE, '').normalize('NFKD');
}

/** %3A and %2F written out, so an encoded link is seen as one (a malformed escape is left as it is). */
function percentDecoded(text: string): string {
  return text.replace(/%([0-9a-f]{2})/giu, (escape: string, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return /[:/\\.]/u.test(char) ? char : escape;
  });
}

/**
 * http, https or ftp links (SPEC §5), anywhere, even glued to a preceding
 * word ("xhttps://"). A scheme counts when its colon is followed by a slash
 * or backslash, or directly by a letter or digit: browsers read
 * "https:\\host" and "https:host" as links too, while "Http: A Story" stays
 * a title. Marks are dropped and tabs and line breaks too (URL parsers drop
 * those), so neither can split a scheme. Any other scheme followed by "//"
 * (ftps://, ws://, file://) is a link too; colons and slashes that only look
 * like ASCII ones, and percent-encoded ones, count as theirs.
 */
const WEB_LINK = /(?:https?|ftp):[/\\\p{L}\p{N}]|(?<![a-z0-9+.-])[a-z][a-z0-9+.-]*:\/\//iu;
const MARKS_AND_BREAKS = /[\p{M}\t\n\r]/gu;
/** The Unicode blocks of combining diacritical marks. */
const COMBINING_DIACRITICS: ReadonlyArray<readonly [number, number]> = [
  [0x0300, 0x036f],
  // spacing accents and tone letters (ˊ ˋ ˆ ˜ ...), combining Cyrillic, musical combining marks
  [0x02b9, 0x02ff],
  [0x0483, 0x0489],
  [0x1d165, 0x1d1ad],
  [0x1ab0, 0x1aff],
  [0x1dc0, 0x1dff],
  [0x20d0, 0x20ff],
  [0xfe20, 0xfe2f],
];

export const containsWebLink = (text: string): boolean =>
  WEB_LINK.test(
    percentDecoded(foldedForRules(text).replace(MARKS_AND_BREAKS, '').replace(COLON_LOOKALIKES, ':').replace(SLASH_LOOKALIKES, '/')),
  );

/** Accent marks, found as combining diacritics after decomposition ("é" is "e" plus U+0301, "´" is a space plus U+0301). */
export function containsAccents(text: string): boolean {
  for (const char of foldedForRules(text)) {
    const code = char.codePointAt(0) ?? 0;
    if (COMBINING_DIACRITICS.some(([low, high]) => code >= low && code <= high)) return true;
  }
  return false;
}

export interface FilmFields {
  title: string;
  release_year: string;
  description: string;
}

export type FilmField = keyof FilmFields;

export interface RuleFailure {
  field: FilmField;
  message: string;
}

/** The three fields as the rules read them: trimmed. */
type Trimmed = FilmFields;

interface Rule {
  field: FilmField;
  message: string;
  fails: (film: Trimmed, now: Date) => boolean;
}

/**
 * The add-film rules of SPEC §5 (both forms), in the one order the browser and
 * the server apply them, so the same input always gets the same message.
 * Links are checked before the year's digits so that every message can occur.
 * A field's later rules may assume its earlier ones passed (the range, digits).
 */
const RULES: readonly Rule[] = [
  { field: 'title', message: messages.fillAllFields, fails: (f) => !f.title },
  { field: 'release_year', message: messages.fillAllFields, fails: (f) => !f.release_year },
  { field: 'description', message: messages.fillAllFields, fails: (f) => !f.description },
  { field: 'title', message: messages.fillAllFields, fails: (f) => !/[\p{L}\p{N}]/u.test(f.title) },
  { field: 'title', message: messages.titleIsLink, fails: (f) => containsWebLink(f.title) },
  { field: 'release_year', message: messages.yearIsLink, fails: (f) => containsWebLink(f.release_year) },
  { field: 'description', message: messages.descriptionHasLink, fails: (f) => containsWebLink(f.description) },
  { field: 'release_year', message: messages.yearNotNumber, fails: (f) => !/^\d+$/.test(f.release_year) },
  { field: 'title', message: messages.titleHasAccents, fails: (f) => containsAccents(f.title) },
  { field: 'description', message: messages.descriptionHasAccents, fails: (f) => containsAccents(f.description) },
  { field: 'title', message: messages.titleHasInvisible, fails: (f) => containsInvisible(f.title) },
  { field: 'description', message: messages.descriptionHasInvisible, fails: (f) => containsInvisible(f.description) },
  { field: 'title', message: messages.titleMixesAlphabets, fails: (f) => mixesAlphabets(f.title) },
  {
    field: 'description',
    message: messages.fillAllFields,
    fails: (f) => !/[\p{L}\p{N}\p{S}\p{P}]/u.test(f.description.replace(INVISIBLE, '')),
  },
  { field: 'title', message: messages.titleTooLong, fails: (f) => f.title.length > TITLE_MAX },
  { field: 'description', message: messages.descriptionTooLong, fails: (f) => f.description.length > DESCRIPTION_MAX },
  {
    field: 'release_year',
    message: messages.yearOutOfRange,
    fails: (f, now) => Number(f.release_year) < YEAR_MIN || Number(f.release_year) > yearMax(now),
  },
];

const trimmed = (input: FilmFields): Trimmed => ({
  title: input.title.trim(),
  release_year: input.release_year.trim(),
  description: input.description.trim(),
});

/**
 * The first failing rule of SPEC §5, or null: the one message the server
 * answers with. The confirmation checkbox is the form's concern and is not
 * checked here.
 */
export function checkFilmFields(input: FilmFields, now: Date = new Date()): RuleFailure | null {
  const film = trimmed(input);
  const rule = RULES.find((r) => r.fails(film, now));
  return rule ? { field: rule.field, message: rule.message } : null;
}

/**
 * Every field's first failing rule, in the fields' order (title, year,
 * description), so a form can show each message beside its field at once.
 * Empty when the film passes; its entry for a field is what checkFilmFields
 * says when that field's failure comes first.
 */
export function checkAllFilmFields(input: FilmFields, now: Date = new Date()): RuleFailure[] {
  const film = trimmed(input);
  const fields: readonly FilmField[] = ['title', 'release_year', 'description'];
  return fields.flatMap((field) => {
    const rule = RULES.find((r) => r.field === field && r.fails(film, now));
    return rule ? [{ field, message: rule.message }] : [];
  });
}

/**
 * A word whose letters come from more than one of the alphabets that look
 * alike (Latin, Cyrillic, Greek): "Frаnk" with a Cyrillic "а" would pass for
 * "Frank" on the list.
 */
export function mixesAlphabets(text: string): boolean {
  return text.split(/[^\p{L}\p{M}]+/u).some((word) => {
    const scripts = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u].filter((script) => script.test(word));
    return scripts.length > 1;
  });
}

/**
 * The form a title is stored and compared in: compatibility forms folded
 * (NFKC: "ＦＲＡＮＫ" is "FRANK") and whitespace runs collapsed, so
 * "Alien  " and "Alien" are one film.
 */
export function normalizeTitle(title: string): string {
  return title.normalize('NFKC').trim().replace(/\s+/g, ' ');
}

/** A watch link must be an absolute http(s) URL. */
export function isWatchLink(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}
