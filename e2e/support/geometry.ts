import type { Page } from 'playwright-core';
import { z } from 'zod';

/** How the film list sits on the screen: the figures docs/product.md §List rows sets limits on. */
export interface ListGeometry {
  /** film rows on the page */
  rows: number;
  /** the tallest film row, in CSS px, and its film */
  tallestRow: number;
  tallestTitle: string;
  firstRowHeight: number;
  /** the first row's top, from the top of the page */
  firstRowTop: number;
  /** the second row's bottom, from the top of the page */
  secondRowBottom: number;
  viewportHeight: number;
  /** the first two rows are wholly within the first screen */
  firstTwoOnFirstScreen: boolean;
  /** the page's full height */
  pageHeight: number;
  /** each film row's height, in list order */
  rowHeights: number[];
  /** how far the page scrolls sideways (0: not at all) */
  sidewaysScroll: number;
}

/**
 * Rows below the fold skip layout until scrolled near (content-visibility), so
 * the page is walked through once first: every row then has its real height.
 * Scripts are strings: the journeys' TypeScript has no DOM types.
 */
const LAY_OUT_EVERY_ROW = `(async () => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const step = Math.max(200, window.innerHeight - 100);
  for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
    window.scrollTo(0, y);
    await frame();
  }
  window.scrollTo(0, 0);
  await frame();
})()`;

const MEASURE = `(() => {
  const elements = [...document.querySelectorAll('.film-table tbody tr')];
  const rows = elements.map((row) => row.getBoundingClientRect());
  const tallest = rows.reduce((best, rect, i) => (rect.height > rows[best].height ? i : best), 0);
  const first = rows[0];
  const second = rows[1];
  const secondRowBottom = second ? second.bottom + window.scrollY : -1;
  return {
    rows: rows.length,
    tallestRow: rows.length ? rows[tallest].height : 0,
    tallestTitle: elements.length ? elements[tallest].querySelector('th').textContent : '',
    firstRowHeight: first ? first.height : -1,
    firstRowTop: first ? first.top + window.scrollY : -1,
    secondRowBottom,
    viewportHeight: window.innerHeight,
    firstTwoOnFirstScreen: second !== undefined && secondRowBottom <= window.innerHeight,
    pageHeight: document.documentElement.scrollHeight,
    rowHeights: rows.map((rect) => rect.height),
    sidewaysScroll: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  };
})()`;

const geometrySchema = z.object({
  rows: z.number(),
  tallestRow: z.number(),
  tallestTitle: z.string(),
  firstRowHeight: z.number(),
  firstRowTop: z.number(),
  secondRowBottom: z.number(),
  viewportHeight: z.number(),
  firstTwoOnFirstScreen: z.boolean(),
  pageHeight: z.number(),
  rowHeights: z.array(z.number()),
  sidewaysScroll: z.number(),
});

/** The list's geometry on the page as it is now (its rows loaded), the page scrolled back to the top. */
export async function listGeometry(page: Page): Promise<ListGeometry> {
  await page.evaluate(LAY_OUT_EVERY_ROW);
  return geometrySchema.parse(await page.evaluate(MEASURE));
}

/**
 * The page's height with only the first `films` rows: journeys share their
 * server, and others may have added films to the list.
 */
export const heightWith = (g: ListGeometry, films: number): number =>
  g.pageHeight - g.rowHeights.slice(films).reduce((sum, height) => sum + height, 0);

/** One line of figures, for the shots script and a journey's failure message. */
export const describeGeometry = (g: ListGeometry): string =>
  `${g.rows} rows, tallest ${Math.round(g.tallestRow)} px (${g.tallestTitle}; first ${Math.round(g.firstRowHeight)} px), first row at ${Math.round(g.firstRowTop)} px, ` +
  `second row ends at ${Math.round(g.secondRowBottom)} px of ${g.viewportHeight} (${g.firstTwoOnFirstScreen ? 'both on the first screen' : 'not both on the first screen'}), ` +
  `page ${g.pageHeight} px tall, sideways scroll ${g.sidewaysScroll} px`;
