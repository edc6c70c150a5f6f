import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { escapeXml } from '../../lib/html.js';
import { posterHeight } from '@filmlist/shared/api/posters';
import type { PosterFilm } from './address.js';

/**
 * A typographic poster for a film without a film database poster (docs/product.md §Posters): the
 * title set large in a serif on a colour derived from the film, the year above a rule, in SVG.
 * Everything drawn from the film is escaped for XML; the drawing has no script, link or outside
 * reference, and a browser shows it through <img>, which runs nothing.
 */

/** The drawing's own size; the answer scales it to the width asked for. */
const W = 200;
const H = 300;
const MARGIN = 20;
/** How many lines the title may take before it ends in an ellipsis. */
const MAX_LINES = 6;

/** Font sizes to try, largest first: the largest whose lines fit is used. */
const SIZES = [34, 30, 26, 22, 19, 16, 14];
/** An average glyph's advance in the serif, as a share of the font size (wide glyphs count double). */
const ADVANCE = 0.56;

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
const graphemes = (text: string): string[] => Array.from(segmenter.segment(text), (s) => s.segment);

/** East Asian wide characters and emoji take about twice a Latin letter's width. */
const WIDE = /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\p{Extended_Pictographic}]/u;
const widthOf = (text: string): number => graphemes(text).reduce((sum, g) => sum + (WIDE.test(g) ? 2 : 1), 0);

/** Right-to-left scripts: a title that starts in one is set right to left. */
const RTL_FIRST = /^[^\p{L}]*[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;

/** The title's lines at a size: words kept whole where they fit, a word too long for a line broken between graphemes. */
function wrap(title: string, perLine: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (widthOf(candidate) <= perLine) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    let piece = '';
    for (const g of graphemes(word)) {
      if (widthOf(piece + g) > perLine && piece) {
        lines.push(piece);
        piece = '';
      }
      piece += g;
    }
    line = piece;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The largest size at which the title fits in MAX_LINES with every word whole ("Wilderpeople", not
 * "Wilderpe/ople"); failing that, the largest at which it fits with long words broken; at the smallest,
 * the lines past the last end in an ellipsis.
 */
function layout(title: string): { size: number; lines: string[] } {
  const usable = W - 2 * MARGIN;
  const longestWord = Math.max(0, ...title.split(/\s+/).map(widthOf));
  const perLineAt = (size: number) => Math.max(1, Math.floor(usable / (size * ADVANCE)));
  const sizes = [...SIZES.filter((size) => perLineAt(size) >= longestWord), ...SIZES];
  for (const size of sizes) {
    const perLine = perLineAt(size);
    const lines = wrap(title, perLine);
    const fitsHeight = lines.length * size * 1.15 <= H * 0.55;
    if (lines.length <= MAX_LINES && fitsHeight) return { size, lines };
  }
  const size = SIZES[SIZES.length - 1] ?? 14;
  const perLine = Math.floor(usable / (size * ADVANCE));
  const lines = wrap(title, perLine).slice(0, MAX_LINES);
  const last = graphemes(lines[MAX_LINES - 1] ?? '');
  if (lines.length === MAX_LINES) lines[MAX_LINES - 1] = `${last.slice(0, Math.max(1, perLine - 1)).join('')}…`;
  return { size, lines };
}

/** The film's colour: a hue from a hash of its title and year, so a film keeps its colour and neighbours differ. */
export function posterHue(film: Pick<PosterFilm, 'title' | 'releaseYear'>): number {
  const digest = createHash('sha256').update(`${film.releaseYear}:${film.title}`).digest();
  return digest.readUInt16BE(0) % 360;
}

/** The poster as SVG, `width` pixels wide (the drawing scales; its height keeps 2:3). */
export function generatedPosterSvg(film: PosterFilm, width: number): string {
  const hue = posterHue(film);
  const title = film.title.normalize('NFC').trim() || '?';
  const { size, lines } = layout(title);
  const rtl = RTL_FIRST.test(title);
  const lineHeight = size * 1.15;
  // The title block sits on the lower half, its last line at a fixed baseline.
  const lastBaseline = H - 62;
  const firstBaseline = lastBaseline - (lines.length - 1) * lineHeight;
  const tspans = lines
    .map((line, i) => `<tspan x="${W / 2}" y="${(firstBaseline + i * lineHeight).toFixed(1)}">${escapeXml(line)}</tspan>`)
    .join('');
  const year = String(film.releaseYear);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${posterHeight(width)}" viewBox="0 0 ${W} ${H}" role="img">`,
    `<title>${escapeXml(`${title} (${year})`)}</title>`,
    '<defs>',
    `<linearGradient id="bg" x1="0" y1="0" x2="0.35" y2="1">`,
    `<stop offset="0" stop-color="hsl(${hue}, 42%, 30%)"/><stop offset="1" stop-color="hsl(${(hue + 24) % 360}, 48%, 13%)"/>`,
    '</linearGradient>',
    '</defs>',
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>`,
    `<circle cx="${W - 34}" cy="58" r="92" fill="hsl(${(hue + 180) % 360}, 55%, 62%)" fill-opacity="0.13"/>`,
    `<rect x="9.5" y="9.5" width="${W - 19}" height="${H - 19}" fill="none" stroke="hsl(${hue}, 60%, 82%)" stroke-opacity="0.35"/>`,
    `<text x="${W / 2}" y="40" text-anchor="middle" font-family="'Helvetica Neue', Arial, sans-serif" font-size="11" letter-spacing="4" fill="hsl(${hue}, 70%, 86%)">${escapeXml(year)}</text>`,
    `<line x1="${W / 2 - 16}" y1="52" x2="${W / 2 + 16}" y2="52" stroke="hsl(${hue}, 70%, 86%)" stroke-opacity="0.7"/>`,
    `<text text-anchor="middle"${rtl ? ' direction="rtl" unicode-bidi="embed"' : ''} font-family="Georgia, 'Times New Roman', serif" font-size="${size}" font-weight="700" fill="#f7f2e8">${tspans}</text>`,
    `<text x="${W / 2}" y="${H - 26}" text-anchor="middle" font-family="'Helvetica Neue', Arial, sans-serif" font-size="8" letter-spacing="3" fill="#f7f2e8" fill-opacity="0.55">THE FILM LIST</text>`,
    '</svg>',
  ].join('');
}

/** The stand-in for a film database poster that could not be fetched and has no film to draw: a plain frame. */
export function placeholderPosterSvg(width: number): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${posterHeight(width)}" viewBox="0 0 ${W} ${H}" role="img">`,
    '<title>No poster</title>',
    `<rect width="${W}" height="${H}" fill="hsl(220, 12%, 24%)"/>`,
    `<rect x="9.5" y="9.5" width="${W - 19}" height="${H - 19}" fill="none" stroke="#ffffff" stroke-opacity="0.25"/>`,
    `<text x="${W / 2}" y="${H / 2}" text-anchor="middle" font-family="'Helvetica Neue', Arial, sans-serif" font-size="11" letter-spacing="4" fill="#ffffff" fill-opacity="0.6">NO POSTER</text>`,
    '</svg>',
  ].join('');
}

/** The generated poster as the WebP image its address serves: the SVG above, drawn by librsvg through sharp. */
export function generatedPosterWebp(film: PosterFilm, width: number): Promise<Buffer> {
  return sharp(Buffer.from(generatedPosterSvg(film, width)))
    .webp({ quality: 82 })
    .toBuffer();
}
