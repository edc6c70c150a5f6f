import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { filteredOutNotice, messages, ratingsCount } from '@filmlist/shared/messages';
import { expectAccessible, launchBrowser, newPage } from './support/browser.js';
import { logIn, newAccount, registerVerified } from './support/members.js';

/**
 * docs/product.md §Standing, §Voting on the list, §Filters: a film's standing and
 * chart for a visitor and a member, a vote that says what happened, and the
 * list's search and filter kept in the address and across a visit to a film.
 */

let browser: Browser;
const account = newAccount('stander');
let member: { context: BrowserContext; page: Page };

beforeAll(async () => {
  browser = await launchBrowser();
  await registerVerified(account);
  member = await newPage(browser);
  await logIn(member.page, account);
});
afterAll(async () => {
  await member.context.close();
  await browser.close();
});

/**
 * The lit row's background and the colour its logline's "more" fades into, or null once the row is no longer lit:
 * the fade must end in the row's own colour, not the page's (docs/product.md §List rows).
 */
const LIT_ROW_FADE = `(() => {
  const row = document.querySelector('.film-table tbody tr.just-voted');
  const more = row && row.querySelector('.more-toggle');
  if (!row || !more) return null;
  const stops = getComputedStyle(more).backgroundImage.match(/rgba?\\([^)]*\\)/g);
  return { row: getComputedStyle(row).backgroundColor, fade: stops ? stops[stops.length - 1] : 'none' };
})()`;
const fadeSchema = z.object({ row: z.string(), fade: z.string() }).nullable();

const rowFor = (page: Page, title: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title, exact: true }) });

/** The standing panel of a film page: rank, the two halves in words, the chart and its table. */
async function expectStanding(page: Page, title: string): Promise<void> {
  const panel = page.getByRole('region', { name: /^#\d+ of \d+ on The Film List$/ });
  await panel.waitFor();
  const text = (await panel.textContent()) ?? '';
  expect(text).toMatch(/\d+%hadn't heard of it\d+ of \d+ answers/);
  expect(text).toMatch(/average ratingout of 10, from \d+ ratings?/);
  expect(await panel.locator('svg rect').count()).toBe(10);
  const table = panel.getByRole('table', { name: `Ratings of ${title}, from 1 to 10` });
  expect(await table.getByRole('row').count()).toBe(11);
}

describe("a film's standing", () => {
  it('leads the public page, with its chart, for a visitor, with an invitation to vote; axe in both colour schemes', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto('/films/moon-2009');
    await page.getByRole('heading', { level: 1, name: 'Moon' }).waitFor();
    await expectStanding(page, 'Moon');
    await page.getByRole('region', { name: 'Join The Film List' }).getByRole('link', { name: 'Sign Up' }).waitFor();
    const overflow = Number(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'));
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, '/films/moon-2009 at 390 px');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page, '/films/moon-2009 at 390 px, dark');
    await context.close();
  });

  it("leads the film page for a member at either address: a shared public link stays public and shows the member's voting", async () => {
    const { page } = member;
    // A public link a friend shared: the member votes right there, so the address they copy is the public one (§Film page).
    await page.goto('/films/paterson-2016');
    const heard = page.getByRole('region', { name: 'Heard of Before' });
    await heard.getByRole('button', { name: messages.mentionAnswerNo }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/films/paterson-2016');
    await page.getByRole('region', { name: 'Score Film' }).getByRole('button', { name: 'Rate', exact: true }).waitFor();
    await expectStanding(page, 'Paterson');
    expect(await page.getByRole('region', { name: 'Join The Film List' }).count()).toBe(0);
    await expectAccessible(page, '/films/paterson-2016 for a member');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page, '/films/paterson-2016 for a member, dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // The member's own address shows the same.
    await page.goto('/films/private/paterson-2016');
    await page.getByRole('region', { name: 'Heard of Before' }).getByRole('button', { name: messages.mentionAnswerNo }).waitFor();
    await expectStanding(page, 'Paterson');
    expect(await page.getByRole('region', { name: 'Join The Film List' }).count()).toBe(0);
  });
});

describe('a vote on a film page', () => {
  it("shows the member's own rating in the standing at once, and says the place the standing shows", async () => {
    const { page } = member;
    await page.goto('/films/private/columbus-2017');
    const panel = page.getByRole('region', { name: /^#\d+ of \d+ on The Film List$/ });
    await panel.waitFor();
    const ratingsIn = async () => Number(/from (\d+) ratings?/.exec((await panel.textContent()) ?? '')?.[1] ?? 'NaN');
    const before = await ratingsIn();
    // At once: the page's standing was read a moment ago, which the browser may still hold (stale-while-revalidate).
    await page.getByRole('region', { name: 'Score Film' }).getByRole('button', { name: 'Rate', exact: true }).click();
    await page.getByRole('dialog').getByRole('radio', { name: '5 stars' }).click();
    const said = page.getByRole('status').filter({ hasText: /^You rated Columbus 5\/10\. It is now #\d+ of \d+\./ });
    await said.waitFor();
    await panel.getByText(ratingsCount(before + 1), { exact: true }).waitFor({ timeout: 5_000 });
    const place = /It is now (#\d+ of \d+)\./.exec((await said.textContent()) ?? '')?.[1];
    expect(await page.locator('#standing-heading').textContent()).toBe(`${place} on The Film List`);
  });
});

describe('a vote on the list', () => {
  it('brings the film, in its new place, to the screen and says what happened; its lit row fades "more" into its own colour', async () => {
    const { page } = member;
    // Without motion the row stays lit at its full colour for its moment, so both schemes can be read.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await page.waitForURL('**/dashboard');
    const row = rowFor(page, 'Gattaca');
    await row.getByRole('button', { name: 'Rate', exact: true }).click();
    await page.getByRole('dialog').getByRole('radio', { name: '3 stars' }).click();
    const said = page.getByRole('status').filter({ hasText: /^You rated Gattaca 3\/10\. It is now #\d+ of \d+\./ });
    await said.waitFor();
    const text = (await said.textContent()) ?? '';
    const rank = Number(/#(\d+) of/.exec(text)?.[1]);
    // The row is on screen, at the place the message says.
    await row.getByRole('button', { name: 'Rate 3/10' }).waitFor();
    expect(await row.locator('th').getAttribute('data-rank')).toBe(String(rank));
    const box = await row.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.y >= 0 && box.y + box.height <= viewport.height).toBe(true);
    expect(await page.evaluate('document.activeElement && document.activeElement.getAttribute("data-focus-key")')).toMatch(/^rate-\d+$/);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const lit = fadeSchema.parse(await page.evaluate(LIT_ROW_FADE));
      expect(lit, `the lit row, ${colorScheme}`).not.toBeNull();
      expect(lit?.fade, `the lit row, ${colorScheme}`).toBe(lit?.row);
      expect(lit?.row, `the lit row, ${colorScheme}`).not.toBe(await page.evaluate('getComputedStyle(document.body).backgroundColor'));
    }
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
  });
});

describe('search and filters', () => {
  it('live in the address: a reload keeps them; a film the filter leaves out is on the list, not missing', async () => {
    const { page } = member;
    await page.goto('/dashboard?filter=notRated&q=gat');
    // Gattaca was rated above: it is on the list, not in Not Rated.
    await page.getByText(filteredOutNotice(1, 'Not Rated')).waitFor();
    expect(await page.getByText(messages.searchNoMatch).count()).toBe(0);
    expect(await page.getByLabel('Search by film title').inputValue()).toBe('Gat');
    expect(await page.getByRole('button', { name: 'Not Rated' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: messages.showAllFilms }).click();
    await rowFor(page, 'Gattaca').waitFor();
    expect(new URL(page.url()).search).toBe('?q=gat');
    await page.getByText('1 film', { exact: true }).waitFor();
  });

  it('are kept, with the scroll position, on the way back from a film', async () => {
    const { page } = member;
    await page.getByLabel('Search by film title').fill('');
    await page.getByRole('button', { name: 'Not Mentioned' }).click();
    await page.waitForURL('**/dashboard?filter=notMentioned');
    const target = rowFor(page, 'Nebraska');
    await target.scrollIntoViewIfNeeded();
    // Rows coming near are laid out for the first time: their place settles after a frame or two.
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
    expect(Number(await page.evaluate('window.scrollY'))).toBeGreaterThan(0);
    const before = (await target.boundingBox())?.y ?? -1;
    await target.getByRole('link', { name: 'Film Info' }).click();
    await page.getByRole('heading', { level: 1, name: 'Nebraska' }).waitFor();
    await page.getByRole('link', { name: messages.backToList }).click();
    await page.waitForURL('**/dashboard?filter=notMentioned');
    await target.waitFor();
    expect(await page.getByRole('button', { name: 'Not Mentioned' }).getAttribute('aria-pressed')).toBe('true');
    // Nebraska is where it was on the screen (rows far above are laid out again as they come near).
    await expect.poll(async () => Math.abs(((await target.boundingBox())?.y ?? -999) - before)).toBeLessThanOrEqual(8);
  });
});
