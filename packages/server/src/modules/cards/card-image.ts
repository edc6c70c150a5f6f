import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { renderAsync } from '@resvg/resvg-js';
import satori from 'satori';
import { SITE_NAME } from '@filmlist/shared/constants';
import type { FilmRow } from '../films/presenter.js';

/** What a card shows of a film. */
export type CardFilm = Pick<FilmRow, 'filmId' | 'title' | 'releaseYear' | 'description'>;

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** The site's light colours (packages/web/src/styles.css): page, text, muted text, accent, rule. */
const COLOURS = { bg: '#fbfaf7', fg: '#1d1b19', muted: '#5c5750', accent: '#9b2c2c', line: '#d9d4cc' } as const;

type SatoriNode = Parameters<typeof satori>[0];
type SatoriOptions = Parameters<typeof satori>[1];
type Style = Record<string, string | number>;

const box = (style: Style, children: SatoriNode | SatoriNode[] | string): SatoriNode => ({
  type: 'div',
  key: null,
  props: { style, children },
});

// Inter, shipped in @fontsource/inter (WOFF: satori reads no WOFF2). Latin and Latin Extended, regular and bold.
const fontFile = (name: string) => readFileSync(createRequire(import.meta.url).resolve(`@fontsource/inter/files/${name}`));
let fonts: SatoriOptions['fonts'] | undefined;
function loadFonts(): SatoriOptions['fonts'] {
  fonts ??= [
    { name: 'Inter', data: fontFile('inter-latin-400-normal.woff'), weight: 400, style: 'normal' },
    { name: 'Inter', data: fontFile('inter-latin-700-normal.woff'), weight: 700, style: 'normal' },
    // A family of its own: satori falls back across families, not across files of one family.
    { name: 'Inter Ext', data: fontFile('inter-latin-ext-400-normal.woff'), weight: 400, style: 'normal' },
    { name: 'Inter Ext', data: fontFile('inter-latin-ext-700-normal.woff'), weight: 700, style: 'normal' },
  ];
  return fonts;
}

function layout(film: CardFilm): SatoriNode {
  const long = film.title.length > 32;
  return box(
    {
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      boxSizing: 'border-box',
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '64px 80px 56px',
      background: COLOURS.bg,
      color: COLOURS.fg,
      borderTop: `16px solid ${COLOURS.accent}`,
      fontFamily: 'Inter, Inter Ext',
    },
    [
      box({ display: 'flex', flexDirection: 'column' }, [
        box({ display: 'block', fontSize: long ? 60 : 76, fontWeight: 700, lineHeight: 1.12, lineClamp: 2 }, film.title),
        box({ display: 'flex', fontSize: 40, color: COLOURS.muted, marginTop: 18 }, String(film.releaseYear)),
        box({ display: 'block', fontSize: 34, lineHeight: 1.4, marginTop: 34, lineClamp: 2 }, film.description),
      ]),
      box({ display: 'flex', alignItems: 'center', borderTop: `2px solid ${COLOURS.line}`, paddingTop: 24 }, [
        box({ display: 'flex', fontSize: 34, fontWeight: 700, color: COLOURS.accent }, SITE_NAME),
      ]),
    ],
  );
}

/**
 * The 1200x630 PNG share card of a film: satori lays it out as SVG, resvg
 * draws it on libuv's thread pool. Everything it needs ships with the project.
 */
export async function renderCard(film: CardFilm): Promise<Buffer> {
  const svg = await satori(layout(film), { width: CARD_WIDTH, height: CARD_HEIGHT, fonts: loadFonts() });
  const image = await renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } });
  return image.asPng();
}
