import { describe, expect, it } from 'vitest';
import { storedText } from './fields.js';
import { checkFilmFields } from './film-rules.js';
import { messages } from './messages.js';
import { cleanExternalText, forXml, followsTextRule, normalizeLineBreaks, textProblem } from './text-rules.js';

/** The characters the outside attack used, each of which drew nothing and still got stored. */
const ATTACK = ['\u0001', '\u0007', '\u0008', '\u001B', '\u007F', '\u0085', '\u009B', '\uFFFE'];

describe('the text rule', () => {
  it.each(ATTACK)('refuses U+%s in one line and in several', (char) => {
    expect(textProblem(`Tw${char}in Peaks`, 'single-line')).toBe('hidden');
    expect(textProblem(`Tw${char}in Peaks`, 'multi-line')).toBe('hidden');
  });

  it('allows tab and line breaks where a field has several lines, and nowhere else', () => {
    for (const space of ['\t', '\n', '\r\n']) {
      expect(followsTextRule(`A film.${space}A good one.`, 'multi-line')).toBe(true);
      expect(followsTextRule(`A film.${space}A good one.`, 'single-line')).toBe(false);
    }
    expect(followsTextRule('Line\u2028break', 'single-line')).toBe(false);
  });

  it('refuses noncharacters in every plane, lone surrogates, format characters and blank letters', () => {
    for (const text of ['a\uFDD0', 'a\uFFFF', 'a\u{1FFFE}', 'a\u{10FFFF}', 'a\u200Bb', 'a\u202Eb', '\u3164', 'a\u2800']) {
      expect(textProblem(text, 'multi-line'), JSON.stringify(text)).toBe('hidden');
    }
    expect(textProblem('half \uD83C', 'single-line')).toBe('ill-formed');
  });

  it('refuses private-use characters and code points Unicode has not assigned, which draw as an empty box', () => {
    for (const text of ['Fra\u0378nk', 'Frank\u{50000}', 'a\uE000', 'a\u{F0000}', 'a\u{E0080}']) {
      expect(textProblem(text, 'multi-line'), JSON.stringify(text)).toBe('hidden');
    }
    expect(cleanExternalText('Fra\u0378nk\u{50000}', 100)).toBe('Frank');
  });

  it('keeps what real titles hold: scripts, emoji sequences with their joiners, punctuation', () => {
    for (const text of ['Oldboy', 'وجدة', '千と千尋の神隠し', 'Ирония судьбы', 'Family 👨‍👩‍👧 Night', 'Spider-Man: No Way Home', '8½']) {
      expect(followsTextRule(text, 'single-line'), text).toBe(true);
    }
  });

  it('is what every stored field says, in the add-film rules and in storedText', () => {
    const valid = { title: 'Twin Peaks', release_year: '1990', description: 'A town.' };
    expect(checkFilmFields({ ...valid, title: 'Tw\u0007in Peaks' })).toEqual({ field: 'title', message: messages.titleHasInvisible });
    expect(checkFilmFields({ ...valid, description: 'A\u0085town.' })).toEqual({
      field: 'description',
      message: messages.descriptionHasInvisible,
    });
    expect(checkFilmFields({ ...valid, description: 'A town.\nA mystery.' })).toBeNull();
    const reason = storedText('multi-line', messages.reasonHasInvisible);
    expect(reason.safeParse('Not a film.\u001B').error?.issues[0]?.message).toBe(messages.reasonHasInvisible);
    expect(reason.safeParse('Not a film.\nSorry.').success).toBe(true);
  });

  it('refuses every control but tab, LF and CR, and every noncharacter, in any field', () => {
    const codes = [
      ...Array.from({ length: 0x20 }, (_, i) => i).filter((code) => ![0x09, 0x0a, 0x0d].includes(code)),
      ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
      ...Array.from({ length: 0x20 }, (_, i) => 0xfdd0 + i),
      ...Array.from({ length: 17 }, (_, plane) => [plane * 0x10000 + 0xfffe, plane * 0x10000 + 0xffff]).flat(),
    ];
    for (const code of codes) {
      const text = `Twin ${String.fromCodePoint(code)}Peaks`;
      expect(followsTextRule(text, 'multi-line'), code.toString(16)).toBe(false);
      expect(forXml(text), code.toString(16)).toBe('Twin Peaks');
    }
  });
});

describe('marks that hide a difference', () => {
  it('refuses a mark on a letter of another script, a mark on nothing, a pile of marks, and blank marks and symbols', () => {
    for (const text of [
      'Frank\u093C', // a Devanagari nukta on a Latin letter
      'Moon\u0E3A', // a Thai mark on a Latin letter
      'Gattaca\u{16FE4}', // the Khitan filler, which draws nothing
      'Z\u0E31\u0E31\u0E31\u0E31\u0E31',
      '\u0301 alone',
      'a \u0301',
      'e\u0301\u0302\u0303\u0304\u0305',
      'Null\u{1D159}note',
      'Private \uE000 use',
      'Plane 15 \u{F0000}',
    ]) {
      expect(textProblem(text, 'multi-line'), JSON.stringify(text)).toBe('hidden');
    }
  });

  it('keeps marks on letters of their own script, and the emoji sequences that carry joiners, keycaps and tags', () => {
    for (const text of [
      'दिलवाले दुल्हनिया',
      'ภาพยนตร์',
      'שָׁלוֹם',
      'かがみ',
      'Nguyê\u0303n',
      '1\uFE0F\u20E3 Night',
      '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F} Football',
    ]) {
      expect(followsTextRule(text, 'single-line'), text).toBe(true);
    }
  });

  it('writes every line break as LF', () => {
    expect(normalizeLineBreaks('a\r\nb\rc\u2028d\u2029e\nf')).toBe('a\nb\nc\nd\ne\nf');
  });
});

describe('forXml', () => {
  it('drops what XML 1.0 cannot hold or discourages, and keeps everything else', () => {
    expect(forXml('Tw\u0008in\u0000 Peaks\uFFFE\u0085')).toBe('Twin Peaks');
    expect(forXml('Line one\nLine\ttwo\r')).toBe('Line one\nLine\ttwo\r');
    expect(forXml('千と千尋 👨‍👩‍👧 & <b>')).toBe('千と千尋 👨‍👩‍👧 & <b>');
  });
});

describe('cleanExternalText', () => {
  it('removes control, format and noncharacters and lone surrogates, keeping letters and accents', () => {
    expect(cleanExternalText('Tw\u0007in\u0000 Pe\u200Baks\u001B\u009B\uFFFE\u{10FFFF}\ud800', 100)).toBe('Twin Peaks');
    expect(cleanExternalText('Lauren Sánchez', 100)).toBe('Lauren Sánchez');
    expect(cleanExternalText('e\u0301', 100)).toBe('é');
    expect(cleanExternalText('\u3164Hangul\u2800 filler', 100)).toBe('Hangul filler');
  });

  it('gives text that follows the text rule, whatever it was given', () => {
    const samples = ['a\u0085b', 'x\uFDD0y', 'tag\u{E0041}s', 'bidi\u202Eevil', 'soft\u00ADhyphen', '\uFEFFbom', 'nul\u0000'];
    for (const sample of samples) expect(followsTextRule(cleanExternalText(sample, 100), 'single-line'), sample).toBe(true);
  });

  it('makes every run of whitespace, line breaks included, one space, and trims', () => {
    expect(cleanExternalText('  Jean-Pierre\n\t Jeunet\u2028 ', 100)).toBe('Jean-Pierre Jeunet');
  });

  it('cuts to the limit without splitting a character', () => {
    expect(cleanExternalText('ab😀cd', 3)).toBe('ab😀');
    expect(cleanExternalText('x'.repeat(500), 120)).toHaveLength(120);
  });
});
