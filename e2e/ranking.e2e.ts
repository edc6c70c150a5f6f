import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messages } from '@filmlist/shared/messages';
import { expectAccessible, launchBrowser, newPage } from './support/browser.js';
import { describeGeometry, heightWith, listGeometry } from './support/geometry.js';
import { logIn, newAccount, registerVerified } from './support/members.js';
import { addFilmAsReviewer } from './support/reviewer.js';

/**
 * docs/product.md §List rows: the list reads as a ranking and fits a phone. The geometry of the
 * list at 390x844 and 360 px, the stars and the mention dialog, for a visitor
 * and a member; axe in both colour schemes.
 */

const PHONE = { width: 390, height: 844 };
const NARROW = { width: 360, height: 740 };
const ROW_MAX = 160;
const DASHBOARD_MAX = 5500;
const STAR_MIN = 24;

let browser: Browser;
const account = newAccount('ranker');
let member: { context: BrowserContext; page: Page };

/** A real title long enough to wrap on a phone: its row must keep to the height too. */
const LONG_TITLE = 'The Assassination Of Jesse James By The Coward Robert Ford';

beforeAll(async () => {
  browser = await launchBrowser();
  const added = await addFilmAsReviewer({
    title: LONG_TITLE,
    release_year: '2007',
    description: 'An outlaw and the young admirer who will kill him, in the last months of a famous life on the run.',
  });
  expect([200, 409]).toContain(added);
  await registerVerified(account);
  member = await newPage(browser, PHONE);
  await logIn(member.page, account);
});
afterAll(async () => {
  await member.context.close();
  await browser.close();
});

/**
 * Where every line of every title starts, and the rank column's width and alignment in each row: one edge for the
 * titles, one width for the ranks, right-aligned, so the gap after "1" is the gap after "10" (docs/product.md §List rows).
 */
const RANK_COLUMN = `(() => {
  const heads = [...document.querySelectorAll('.film-table tbody th[data-rank]')];
  // Each line a title shows (a long one is cut at its last line), by where its first piece starts.
  const lineStarts = (th) => {
    const shown = th.getBoundingClientRect();
    const starts = new Map();
    for (const piece of th.querySelector('bdi').getClientRects()) {
      if (piece.width === 0 || piece.bottom > shown.bottom + 1) continue;
      const line = Math.round(piece.top);
      starts.set(line, Math.min(starts.get(line) ?? Infinity, Math.round(piece.left)));
    }
    return [...starts.values()];
  };
  return {
    titleEdges: [...new Set(heads.flatMap(lineStarts))],
    rankWidths: [...new Set(heads.map((th) => getComputedStyle(th, '::before').width))],
    rankAligns: [...new Set(heads.map((th) => getComputedStyle(th, '::before').textAlign))],
    ranks: heads.map((th) => th.getAttribute('data-rank')),
  };
})()`;
const rankColumnSchema = z.object({
  titleEdges: z.array(z.number()),
  rankWidths: z.array(z.string()),
  rankAligns: z.array(z.string()),
  ranks: z.array(z.string().nullable()),
});

async function expectRankColumn(page: Page, label: string): Promise<void> {
  const column = rankColumnSchema.parse(await page.evaluate(RANK_COLUMN));
  expect(column.ranks, label).toContain('10');
  expect(column.titleEdges, `${label}: where the title lines start`).toHaveLength(1);
  expect(column.rankWidths, `${label}: the rank column's widths`).toHaveLength(1);
  expect(column.rankAligns, label).toEqual(['right']);
}

/** The rated film's average and its count, as the first row with ratings shows them, and whether the count is on the average's line. */
const FIRST_AVERAGE = `(() => {
  const count = document.querySelector('.film-table tbody .standing-count');
  const rating = count.parentElement.querySelector('.standing-average');
  const line = rating.getBoundingClientRect();
  const countBox = count.getBoundingClientRect();
  return { average: rating.lastElementChild.textContent, count: count.textContent, countOnItsLine: Math.abs(countBox.top - line.top) < 2 };
})()`;
const averageSchema = z.object({ average: z.string(), count: z.string(), countOnItsLine: z.boolean() });

const rowFor = (page: Page, title: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title, exact: true }) });
const votesIn = (page: Page) => page.locator('[data-focus-key^="rate-"]:not([disabled])').first().waitFor();

describe('the list on a 390x844 phone', () => {
  it('for a visitor: rows of at most 160 px with rank and standing, the first two on the first screen, no sideways scroll', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto('/');
    await rowFor(page, 'Paterson').waitFor();
    const g = await listGeometry(page);
    const figures = describeGeometry(g);
    expect(g.rows, figures).toBeGreaterThanOrEqual(30);
    expect(g.tallestRow, figures).toBeLessThanOrEqual(ROW_MAX);
    const longRow = await rowFor(page, LONG_TITLE).boundingBox();
    expect(longRow?.height ?? Number.POSITIVE_INFINITY, `the row of "${LONG_TITLE}"`).toBeLessThanOrEqual(ROW_MAX);
    expect(g.firstTwoOnFirstScreen, figures).toBe(true);
    expect(g.sidewaysScroll, figures).toBeLessThanOrEqual(0);
    expect(await page.locator('.film-table tbody th').first().getAttribute('data-rank')).toBe('1');
    expect(await rowFor(page, 'Paterson').textContent()).toMatch(/\d+% hadn't heard of it|No answers yet/);
    // The first row says on the phone too what its share counts and why the film is there (docs/product.md §List rows).
    const firstRow = page.locator('.film-table tbody tr').first();
    expect(await firstRow.getByText(/^\d+% hadn't heard of it$/).isVisible()).toBe(true);
    expect(await firstRow.getByText(/^\d+ answers?: (few|some|most) knew it(, .+)?$/).isVisible()).toBe(true);
    // The average says it is out of 10, and its count what it counts, on the figures' line: "★ 4.0/10 (2 ratings)".
    const average = averageSchema.parse(await page.evaluate(FIRST_AVERAGE));
    expect(average.average).toMatch(/^\d+\.\d\/10$/);
    expect(average.count).toMatch(/^\(\d+ ratings?\)$/);
    expect(average.countOnItsLine, JSON.stringify(average)).toBe(true);
    await expectRankColumn(page, '/ at 390 px');
    await page.getByRole('link', { name: messages.howTheListWorks }).waitFor();
    await expectAccessible(page, '/ at 390 px');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page, '/ at 390 px, dark');
    await context.close();
  });

  it('folds the navigation behind one Menu button, a disclosure', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await nav.getByRole('link', { name: 'About' }).isVisible()).toBe(false);
    const before = await page.locator('.site-header').boundingBox();
    expect(before?.height ?? 0).toBeLessThanOrEqual(64);
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await nav.getByRole('link', { name: 'About' }).waitFor();
    await expectAccessible(page, 'the open menu at 390 px');
    await nav.getByRole('link', { name: 'About' }).click();
    await page.getByRole('heading', { level: 1, name: 'About The Film List' }).waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('for a member: rows of at most 160 px, the first two on the first screen, the 30-film dashboard at most 5,500 px', async () => {
    const { page } = member;
    await votesIn(page);
    const g = await listGeometry(page);
    const figures = describeGeometry(g);
    expect(g.tallestRow, figures).toBeLessThanOrEqual(ROW_MAX);
    expect(g.firstTwoOnFirstScreen, figures).toBe(true);
    expect(heightWith(g, 30), figures).toBeLessThanOrEqual(DASHBOARD_MAX);
    expect(g.sidewaysScroll, figures).toBeLessThanOrEqual(0);
    // One filled action per row at most.
    const rows = await page.locator('.film-table tbody tr').all();
    const leads = await Promise.all(rows.map((row) => row.locator('.lead').count()));
    expect(Math.max(...leads)).toBeLessThanOrEqual(1);
    // A title that fits its two lines shows its year once, after it: the second copy is drawn only over a title cut
    // by a line or more (a few pixels of padding once made every title cell overflow, and every year show twice).
    const yearDrawnTwice = await page.evaluate(
      `[...document.querySelectorAll('.film-table tbody th')].filter((th) => th.scrollHeight - th.clientHeight < 8).map((th) => th.querySelector('.title-link')).filter((link) => link && getComputedStyle(link, '::after').content !== 'none').map((link) => link.textContent)`,
    );
    expect(yearDrawnTwice).toEqual([]);
    await expectAccessible(page, '/dashboard at 390 px');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page, '/dashboard at 390 px, dark');
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('opens the mention question with focus on Cancel, each answer in words', async () => {
    const { page } = member;
    await rowFor(page, 'Primer').getByRole('button', { name: 'Mention', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await page.evaluate('document.activeElement && document.activeElement.textContent')).toBe('Cancel');
    for (const name of [messages.mentionAnswerYes, messages.mentionAnswerNo]) await dialog.getByRole('button', { name }).waitFor();
    await page.keyboard.press('Enter');
    expect(await dialog.count()).toBe(0);
  });
});

describe('at 1280 px', () => {
  it('the ranks keep a column of one width, right-aligned, and every title starts at one edge', async () => {
    const { context, page } = await newPage(browser, { width: 1280, height: 800 });
    await page.goto('/');
    await rowFor(page, 'Paterson').waitFor();
    await page.evaluate('document.fonts.ready');
    await expectRankColumn(page, '/ at 1280 px');
    const average = averageSchema.parse(await page.evaluate(FIRST_AVERAGE));
    expect(`${average.average} ${average.count}`).toMatch(/^\d+\.\d\/10 \(\d+ ratings?\)$/);
    expect(average.countOnItsLine, JSON.stringify(average)).toBe(true);
    // A row that is not lit paints no background: an opaque one covered the line under the row before
    // wherever two rows met between pixels (the lines under #1 and #5 were gone at 1280 px).
    const painted = await page.evaluate(
      "[...document.querySelectorAll('.film-table tbody tr:not(.just-voted)')].filter((tr) => getComputedStyle(tr).backgroundColor !== 'rgba(0, 0, 0, 0)').length",
    );
    expect(painted).toBe(0);
    await context.close();
  });
});

describe('at 360 px', () => {
  it('the list has no sideways scroll, and the ten stars sit on one line, each at least 24x24 px', async () => {
    const { page } = member;
    await page.setViewportSize(NARROW);
    const g = await listGeometry(page);
    expect(g.sidewaysScroll, describeGeometry(g)).toBeLessThanOrEqual(0);
    await rowFor(page, 'Primer').getByRole('button', { name: /^Rate/ }).click();
    const radios = page.getByRole('dialog').getByRole('radio');
    expect(await radios.count()).toBe(10);
    const boxes = await Promise.all((await radios.all()).map((radio) => radio.boundingBox()));
    const tops = boxes.map((box) => Math.round(box?.y ?? -1));
    expect(new Set(tops).size, `star tops ${tops.join(', ')}`).toBe(1);
    for (const box of boxes) {
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(STAR_MIN);
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(STAR_MIN);
    }
    // The readout follows the hover.
    await radios.nth(6).hover();
    await page.getByRole('dialog').getByText('7/10').waitFor();
    await expectAccessible(page, 'the stars at 360 px');
    await page.keyboard.press('Escape');
    await page.setViewportSize(PHONE);
  });
});
