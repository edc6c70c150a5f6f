import { DESCRIPTION_MAX, TITLE_MAX, YEAR_MIN, yearMax } from './constants.js';
import { messages } from './messages.js';
import { EMOJI_SEQUENCE, followsTextRule, INVISIBLE_CHARACTERS as INVISIBLE } from './text-rules.js';

/** Colons and slashes that look like ASCII ones but are not folded to them by NFKC. */
const COLON_LOOKALIKES = /[\uA789\u02F8\u2236\uFE13\uFE55\u02D0\u205A\u05C3\u0589\u1361]/gu;
const SLASH_LOOKALIKES = /[\u2044\u2215\u29F8\u2571\u3033]/gu;

/**
 * What the link and accent rules look at (docs/product.md §Text rules): invisible
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
 * http, https or ftp links (docs/product.md §Add-film rules), anywhere, even glued to a preceding
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
/**
 * Latin letters beyond A to Z that are letters of their own rather than marked ones: "ß", "æ", "œ".
 * Every other Latin letter outside ASCII is a marked or modified one ("ø", "đ", "ł", "ı", small
 * capitals), an accent in the rule's sense, and a way to make a lookalike of a listed title.
 */
const LATIN_LETTERS = /^[A-Za-z\u00DF\u00C6\u00E6\u0152\u0153\u1E9E]$/u;
const LATIN = /\p{sc=Latn}/u;
const MARK = /\p{M}/u;
const LETTER = /\p{L}/u;

/**
 * Accent marks, found as combining diacritics after decomposition ("é" is "e" plus U+0301, "´" is a
 * space plus U+0301), any mark on a Latin letter, and Latin letters that carry a stroke, hook or
 * other change of their own. A keycap emoji (1️⃣) is a symbol, not an accented digit.
 */
export function containsAccents(text: string): boolean {
  let previous = '';
  for (const char of foldedForRules(text.replace(EMOJI_SEQUENCE, ''))) {
    const code = char.codePointAt(0) ?? 0;
    if (COMBINING_DIACRITICS.some(([low, high]) => code >= low && code <= high)) return true;
    if (MARK.test(char) && LATIN.test(previous)) return true;
    if (LATIN.test(char) && LETTER.test(char) && !LATIN_LETTERS.test(char)) return true;
    if (!MARK.test(char)) previous = char;
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
 * The add-film rules (docs/product.md §Add-film rules, both forms), in the one order the browser and
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
  // The one text rule (text-rules.ts): a title is one line, a logline may have several.
  { field: 'title', message: messages.titleHasInvisible, fails: (f) => !followsTextRule(f.title, 'single-line') },
  { field: 'description', message: messages.descriptionHasInvisible, fails: (f) => !followsTextRule(f.description, 'multi-line') },
  { field: 'title', message: messages.titleMixesAlphabets, fails: (f) => mixesAlphabets(f.title) },
  {
    field: 'description',
    message: messages.fillAllFields,
    fails: (f) => !/[\p{L}\p{N}\p{S}\p{P}]/u.test(f.description.replace(INVISIBLE, '')),
  },
  { field: 'title', message: messages.titleTooLong, fails: (f) => normalizeTitle(f.title).length > TITLE_MAX },
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
 * The first failing add-film rule, or null: the one message the server
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
 * The scripts a letter may belong to (ISO 15924 codes), the common ones first. A code this JavaScript
 * engine's Unicode does not know is skipped: its letters then count as no script.
 */
const LETTER_SCRIPTS = (
  'Latn Cyrl Grek Hani Hira Kana Hang Arab Hebr Deva Thai Geor Armn Cans Cher Ethi Bopo Beng Taml Telu Knda Mlym ' +
  'Gujr Guru Orya Sinh Tibt Mymr Khmr Laoo Mong Copt Lisu Vaii Tfng Nkoo Olck Yiii Thaa Syrc Adlm Aghb Ahom Armi Avst ' +
  'Bali Bamu Bass Batk Bhks Brah Bugi Buhd Cakm Cari Cham Chrs Cpmn Cprt Diak Dogr Dsrt Dupl Egyp Elba Elym Gara Glag ' +
  'Gong Gonm Goth Gran Gukh Hano Hatr Hluw Hmng Hmnp Hung Ital Java Kali Kawi Khar Khoj Kits Krai Kthi Lana Lepc Limb ' +
  'Lina Linb Lyci Lydi Mahj Maka Mand Mani Marc Medf Mend Merc Mero Modi Mroo Mtei Mult Nagm Nand Narb Nbat Newa Nshu ' +
  'Ogam Onao Orkh Osge Osma Ougr Palm Pauc Perm Phag Phli Phlp Phnx Plrd Prti Rjng Rohg Runr Samr Sarb Saur Sgnw Shaw ' +
  'Shrd Sidd Sind Sogd Sogo Sora Soyo Sund Sunu Sylo Tagb Takr Tale Talu Tang Tavt Tayo Tglg Tirh Tnsa Todr Toto Tutg ' +
  'Ugar Vith Wara Wcho Xpeo Xsux Yezi Zanb'
)
  .split(' ')
  .flatMap((code) => {
    try {
      return [{ code, pattern: new RegExp(`^\\p{sc=${code}}$`, 'u') }];
    } catch {
      return [];
    }
  });

/**
 * The scripts one word may combine (Unicode UTS #39, "highly restrictive"): Japanese, Chinese and
 * Korean writing mix their own scripts with each other and with Latin; nothing else mixes.
 */
const SCRIPT_MIXES: readonly ReadonlySet<string>[] = [
  new Set(['Latn', 'Hani', 'Hira', 'Kana']),
  new Set(['Latn', 'Hani', 'Bopo']),
  new Set(['Latn', 'Hani', 'Hang']),
];

function scriptOf(letter: string): string | undefined {
  return LETTER_SCRIPTS.find(({ pattern }) => pattern.test(letter))?.code;
}

/**
 * A word whose letters come from scripts that do not mix (docs/product.md §Add-film rules): "Frаnk"
 * with a Cyrillic "а", or "ᑕity" with a Canadian syllabic for the "C", would pass for a Latin word.
 */
export function mixesAlphabets(text: string): boolean {
  return text.split(/[^\p{L}\p{M}]+/u).some((word) => {
    const scripts = new Set<string>();
    for (const letter of word.match(/\p{L}/gu) ?? []) {
      const script = scriptOf(letter);
      if (script !== undefined) scripts.add(script);
    }
    if (scripts.size < 2) return false;
    return !SCRIPT_MIXES.some((mix) => [...scripts].every((script) => mix.has(script)));
  });
}

/**
 * The form a title is stored and compared in: compatibility forms folded ("ＦＲＡＮＫ" is "FRANK",
 * "ﬁ" is "fi") and whitespace runs collapsed, so "Alien  " and "Alien" are one film. A number form is
 * kept ("8½", "Alien³" are those films' titles), and so is a character whose folded form is a whole
 * word or phrase (more than three characters). The key that tells films apart folds all of them (lib/identity.ts).
 */
export function normalizeTitle(title: string): string {
  let folded = '';
  for (const char of title.normalize('NFC')) {
    const compatible = char.normalize('NFKC');
    folded += /[\p{No}\p{Nl}]/u.test(char) || [...compatible].length > 3 ? char : compatible;
  }
  return folded.normalize('NFC').trim().replace(/\s+/g, ' ');
}

/** A watch link: an absolute http(s) URL with a host in plain ASCII, no user part and no spaces. */
export function isWatchLink(value: string): boolean {
  // No space of any kind: a URL parser would encode one in a path that then reads as two addresses.
  if (/\s/u.test(value)) return false;
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname.length > 0 &&
      // No user or password before the host ("https://netflix.com@evil.example" goes to evil.example).
      url.username === '' &&
      url.password === '' &&
      // No internationalised host: it can spell a lookalike of a real one ("nеtflix.com" with a Cyrillic "е").
      !url.hostname.split('.').some((label) => label.startsWith('xn--'))
    );
  } catch {
    return false;
  }
}
