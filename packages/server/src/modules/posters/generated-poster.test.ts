import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { generatedPosterSvg, posterHue } from './generated-poster.js';

/** docs/product.md §Posters: a generated poster draws any title as text, and nothing in a title becomes drawing. */

const poster = (title: string, releaseYear = 2001) => generatedPosterSvg({ filmId: 1, title, releaseYear }, 342);

/** The title's lines as drawn (the tspans' text, unescaped). */
const lines = (svg: string) =>
  [...svg.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) =>
    (m[1] ?? '').replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
  );

/** librsvg (through sharp) parses it as XML and draws it at 2:3, or throws. */
async function draws(svg: string): Promise<void> {
  const meta = await sharp(Buffer.from(svg)).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['svg', 342, 513]);
  await sharp(Buffer.from(svg)).png().toBuffer();
}

describe('generatedPosterSvg', () => {
  it('escapes markup: a title with <script> or quotes stays text', async () => {
    const title = '</tspan></text><script>alert(1)</script><a href="javascript:x">"&\'';
    const svg = poster(title);
    expect(svg).not.toMatch(/<script|<a |javascript:x"/i);
    // Long words are broken between characters: every character is drawn, in order, as text.
    expect(lines(svg).join('').replace(/ /g, '')).toBe(title.replace(/ /g, ''));
    await draws(svg);
  });

  it('sets a right-to-left title right to left', async () => {
    const svg = poster('الفيلم الذي لم يسمع به أحد');
    expect(svg).toContain('direction="rtl"');
    expect(lines(svg).join(' ')).toBe('الفيلم الذي لم يسمع به أحد');
    await draws(svg);
  });

  it('keeps emoji and accents whole when it breaks a long word', async () => {
    const title = '👩‍👩‍👧‍👦'.repeat(12) + 'Amélie';
    const svg = poster(title);
    const drawn = lines(svg).join('');
    expect(drawn).toBe(title);
    for (const line of lines(svg)) expect(line).not.toMatch(/^\u200d|\u200d$/);
    await draws(svg);
  });

  it('sets a smaller size rather than break a word that a smaller size keeps whole', async () => {
    for (const title of ['Hunt For The Wilderpeople', 'Timecrimes', 'Lars And The Real Girl']) {
      const drawn = lines(poster(title));
      expect(drawn.join(' '), title).toBe(title);
      for (const word of title.split(' '))
        expect(
          drawn.some((line) => line.split(' ').includes(word)),
          `${title}: ${word}`,
        ).toBe(true);
    }
    await draws(poster('Hunt For The Wilderpeople'));
  });

  it('shrinks a long title, then ends it with an ellipsis after six lines', async () => {
    const long = Array.from({ length: 80 }, (_, i) => `Word${i}`).join(' ');
    const drawn = lines(poster(long));
    expect(drawn.length).toBe(6);
    expect(drawn[5]).toMatch(/…$/);
    expect(poster(long)).toContain('font-size="14"');
    expect(poster('Up')).toContain('font-size="34"');
    await draws(poster(long));
  });

  it('drops characters XML cannot hold', async () => {
    const svg = poster('Bell\u0007 Film\uFFFF');
    expect(lines(svg).join(' ')).toBe('Bell Film');
    await draws(svg);
  });

  it('gives a film its own colour, the same every time', () => {
    expect(posterHue({ title: 'Moon', releaseYear: 2009 })).toBe(posterHue({ title: 'Moon', releaseYear: 2009 }));
    const hues = new Set(
      ['Moon', 'Paterson', 'Gattaca', 'Brick', 'Primer', 'Coherence'].map((title) => posterHue({ title, releaseYear: 2000 })),
    );
    expect(hues.size).toBeGreaterThan(3);
  });
});
