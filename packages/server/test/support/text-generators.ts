import fc from 'fast-check';

/**
 * Generators for the text and identity classes of docs/reliability.md: characters the text rule
 * refuses, spellings of a name that fold to it (or, with "İ", to another), and names written in
 * another script's lookalikes. The route fuzzer (security/fuzz.test.ts) and the properties of
 * security/text-identity.test.ts draw from these.
 */

const codePoint = (code: number) => String.fromCodePoint(code);

/**
 * One character the text rule refuses: a C0 or C1 control, DEL, a noncharacter, a format character, a
 * blank letter, a private-use character or an unassigned code point.
 */
export function hiddenCharacter(options: { keepLineBreaks?: boolean } = {}): fc.Arbitrary<string> {
  // A multi-line field keeps tab, LF and CR; in a single-line one they are refused like any control.
  return fc.oneof(
    fc
      .integer({ min: 0, max: 0x1f })
      .filter((code) => !options.keepLineBreaks || ![0x09, 0x0a, 0x0d].includes(code))
      .map(codePoint),
    fc.integer({ min: 0x7f, max: 0x9f }).map(codePoint),
    fc.integer({ min: 0xfdd0, max: 0xfdef }).map(codePoint),
    fc.tuple(fc.integer({ min: 0, max: 16 }), fc.constantFrom(0xfffe, 0xffff)).map(([plane, low]) => codePoint(plane * 0x10000 + low)),
    fc.constantFrom('\u200B', '\u200D', '\u2060', '\uFEFF', '\u202E', '\u00AD', '\u180E', '\u3164', '\u2800', '\u{E0041}'),
    fc.constantFrom('\uE000', '\u{F0000}', '\u0378', '\u{50000}', '\u{E0080}', '\u{2FA1E}'),
  );
}

/** The text with one hidden character put somewhere in it (between its code points, never inside a pair). */
export function withHiddenCharacter(text: string, options: { keepLineBreaks?: boolean } = {}): fc.Arbitrary<string> {
  const points = [...text];
  return fc
    .tuple(hiddenCharacter(options), fc.nat({ max: points.length }))
    .map(([hidden, at]) => [...points.slice(0, at), hidden, ...points.slice(at)].join(''));
}

/** Letters with a spelling that folds to them, beyond plain upper case: the ones that differ from one folding to the next. */
const FOLD_VARIANTS: Record<string, readonly string[]> = {
  i: ['I', '\u0131', 'Ｉ', 'ｉ'],
  s: ['S', '\u017F', 'ｓ'],
  k: ['K', '\u212A', 'ｋ'],
  a: ['A', 'ａ', 'Ａ'],
  e: ['E', 'ｅ'],
  r: ['R', 'ｒ'],
};

/** A spelling of a lower-case ASCII name that folds to it: some letters upper case, dotless, long s, Kelvin sign or fullwidth. */
export function foldVariant(name: string): fc.Arbitrary<string> {
  const letters = [...name];
  return fc.array(fc.nat({ max: 7 }), { minLength: letters.length, maxLength: letters.length }).map((choices) =>
    letters
      .map((letter, i) => {
        const options = FOLD_VARIANTS[letter] ?? [letter.toUpperCase()];
        const choice = choices[i] ?? 0;
        return choice < options.length ? (options[choice] ?? letter) : letter;
      })
      .join(''),
  );
}

/**
 * A spelling of a lower-case ASCII name in other letter cases: a fold variant, or one with a dotted
 * capital "İ" for an "i", which folds to another name (a login with it must not reach the account).
 */
export function caseVariant(name: string): fc.Arbitrary<string> {
  const dotted = name.indexOf('i');
  return fc.oneof(
    foldVariant(name),
    dotted < 0 ? foldVariant(name) : foldVariant(name).map((spelling) => [...spelling].toSpliced(dotted, 1, '\u0130').join('')),
  );
}

/** Latin letters and their Cyrillic lookalikes. */
const CYRILLIC: Record<string, string> = {
  a: '\u0430',
  c: '\u0441',
  e: '\u0435',
  i: '\u0456',
  j: '\u0458',
  o: '\u043E',
  p: '\u0440',
  s: '\u0455',
  x: '\u0445',
  y: '\u0443',
  l: '\u04CF',
  h: '\u04BB',
  A: '\u0410',
  B: '\u0412',
  C: '\u0421',
  E: '\u0415',
  H: '\u041D',
  K: '\u041A',
  M: '\u041C',
  O: '\u041E',
  P: '\u0420',
  T: '\u0422',
  X: '\u0425',
  Y: '\u0423',
  I: '\u0406',
  J: '\u0408',
  S: '\u0405',
};

/** The name written wholly in Cyrillic lookalikes ("apple" as "аррӏе"), or undefined when a letter has none. */
export function wholeScriptConfusable(name: string): string | undefined {
  const letters = [...name].map((letter) => CYRILLIC[letter]);
  return letters.every((letter) => letter !== undefined) ? letters.join('') : undefined;
}

/**
 * A lookalike of some letter case of a lower-case ASCII name: every case of a name is one account ("IRMA"
 * is "irma"), so a name that reads as any of them is one too. Either the name in random letter cases
 * written wholly in Cyrillic lookalikes of those cases (where each has one), or in Latin with "i" and "l"
 * swapped, which read alike as "I" and "l" ("lRMA" reads as "IRMA"; "IIly" as "lily").
 */
export function casedLookalike(name: string): fc.Arbitrary<string> {
  const cased = fc
    .array(fc.boolean(), { minLength: name.length, maxLength: name.length })
    .map((upper) => [...name].map((letter, i) => (upper[i] ? letter.toUpperCase() : letter)));
  const cyrillic = cased.map((letters) => {
    const twin = letters.map((letter) => CYRILLIC[letter] ?? CYRILLIC[letter.toLowerCase()]);
    return twin.every((letter) => letter !== undefined) ? twin.join('') : letters.join('');
  });
  const strokes = cased.map((letters) => letters.map((letter) => ({ i: 'l', I: 'l', l: 'I', L: 'I' })[letter] ?? letter).join(''));
  return /[il]/.test(name) ? fc.oneof(cyrillic, strokes) : cyrillic;
}

/** Lower-case ASCII names whose every letter has a Cyrillic lookalike, so each has a whole-script twin. */
export const confusableName = fc
  .array(fc.constantFrom(...'acehijlopsxy'), { minLength: 3, maxLength: 10 })
  .map((letters) => letters.join(''));
