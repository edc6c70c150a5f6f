import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, titlesContaining } from '@filmlist/shared/messages';
import { baseUrl, launchBrowser, newPage } from './support/browser.js';
import { logIn, newAccount, registerVerified } from './support/members.js';

/**
 * docs/product.md §Search, §Watchlist, §Letterboxd export, §List rows, §Film page: a visitor's search that
 * forgives, posters that load, and a member who saves what they found, sees it on /watchlist, rates it,
 * takes it off and takes their lists to Letterboxd; at a phone's size and a desktop's.
 */

let browser: Browser;
const account = newAccount('saver');
let member: { context: BrowserContext; page: Page };

beforeAll(async () => {
  browser = await launchBrowser();
  await registerVerified(account);
  member = await newPage(browser, { width: 390, height: 844 });
  await logIn(member.page, account);
});
afterAll(async () => {
  await member.context.close();
  await browser.close();
});

/** Whether the first image matching the selector has loaded and drawn (this file has no DOM types: the check runs as page script). */
const drawn = async (page: Page, selector: string): Promise<boolean> =>
  (await page.evaluate(
    `(() => { const img = document.querySelector(${JSON.stringify(selector)}); return !!img && img.complete && img.naturalWidth > 0; })()`,
  )) === true;

const rowOf = (page: Page, title: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader').filter({ hasText: new RegExp(`^${title}$`) }) });

describe('search that forgives', () => {
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    it(`finds The Fall from "fall", In Bruges from "bruges" and Paterson from "paterson " at ${size.width} px`, async () => {
      const { context, page } = await newPage(browser, size);
      await page.goto('/');
      const search = page.getByRole('searchbox');
      await page.locator('tbody tr th a').first().waitFor();
      for (const [typed, title] of [
        ['fall', 'The Fall'],
        ['bruges', 'In Bruges'],
        ['wilderpeople', 'Hunt for the Wilderpeople'],
      ] as const) {
        await search.fill(typed);
        const containing = page.getByRole('region', { name: titlesContaining(typed) }).or(page.getByText(titlesContaining(typed)));
        await containing.first().waitFor();
        await page
          .getByRole('link', { name: new RegExp(title, 'i') })
          .first()
          .waitFor();
      }
      // the space a phone keyboard adds does not stop the starts-with rule (docs/product.md §Search)
      await search.fill('paterson ');
      await rowOf(page, 'Paterson').waitFor();
      expect(await page.getByText(messages.searchNoMatch).count()).toBe(0);
      await context.close();
    });
  }

  it('keeps the caret where it was while the box shows the text in title case: "in " typed before "bruges" finds In Bruges', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto('/');
    await page.locator('tbody tr th a').first().waitFor();
    const search = page.getByRole('searchbox');
    await search.click();
    await page.keyboard.type('bruges');
    await expect.poll(() => search.inputValue()).toBe('Bruges');
    await page.keyboard.press('Home');
    await page.keyboard.type('in ');
    // Each letter lands where the caret is, not at the end of the text the box rewrote.
    await expect.poll(() => search.inputValue()).toBe('In Bruges');
    expect(await search.evaluate((input: { selectionStart: number | null }) => input.selectionStart)).toBe(3);
    await rowOf(page, 'In Bruges').waitFor();
    await context.close();
  });
});

describe('posters and the film page', () => {
  it("loads a film page's code once the list is on screen: a tap fetches none of it and asks for the standing at once", async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto('/');
    await page.locator('tbody tr th a').first().waitFor();
    // The film page's chunk is asked for after the first paint, before any tap.
    await expect
      .poll(() => page.evaluate("performance.getEntriesByType('resource').some((entry) => /FilmDetailsPage/.test(entry.name))"))
      .toBe(true);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    const standing = page.waitForRequest(/\/api\/films\/standing\?/);
    await rowOf(page, 'Primer').locator('a.title-link').click();
    await standing;
    // The film page's own script is not fetched on the tap (the list may still be fetching code of its own, such as the live list's).
    expect(asked.filter((path) => /FilmDetailsPage.*\.js$/.test(path))).toEqual([]);
    await page.getByRole('heading', { level: 1, name: 'Primer' }).waitFor();
    await context.close();
  });

  it('draws a poster in the first rows and on the film page, from our own origin', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    const thirdParty: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(baseUrl())) thirdParty.push(request.url());
    });
    await page.goto('/');
    await page.locator('tbody tr img').first().waitFor();
    await expect.poll(() => drawn(page, 'tbody tr img')).toBe(true);
    await page.goto('/films/moon-2009');
    await page.getByRole('heading', { level: 1, name: 'Moon' }).waitFor();
    await expect.poll(() => drawn(page, 'main img')).toBe(true);
    expect(new URL(String(await page.evaluate('document.querySelector("main img").currentSrc'))).origin).toBe(new URL(baseUrl()).origin);
    await page.getByRole('link', { name: /IMDb/ }).first().waitFor();
    expect(thirdParty).toEqual([]);
    await context.close();
  });

  it("asks for a row's poster only as the row comes near the screen, and draws it there", async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/posters/')) asked.push(request.url());
    });
    await page.goto('/');
    await page.locator('tbody tr img').first().waitFor();
    await expect.poll(() => drawn(page, 'tbody tr img')).toBe(true);
    // The last of the 30 rows is screens away: its image is in place, with no address yet, and nothing was asked for it.
    const last = page.locator('tbody tr').last();
    const poster = last.locator('img');
    expect(await poster.getAttribute('src')).toBeNull();
    const rows = await page.locator('tbody tr').count();
    expect(asked.length).toBeLessThan(rows);
    await last.scrollIntoViewIfNeeded();
    await expect
      .poll(async () => poster.evaluate((img: { complete: boolean; naturalWidth: number }) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect(await poster.getAttribute('src')).toMatch(/^\/posters\//);
    await context.close();
  });
});

describe('the watchlist', () => {
  it('keeps a film saved from the list on /watchlist across a reload, and gives the Letterboxd file', async () => {
    const { page } = member;
    await page.goto('/dashboard');
    await page.getByRole('searchbox').fill('Paterson');
    const row = rowOf(page, 'Paterson');
    await row.getByRole('button', { name: 'Save' }).click();
    await row.getByRole('button', { name: 'Saved' }).waitFor();

    // (at a phone's width the navigation's link sits in its menu; the page is the same)
    await page.goto('/watchlist');
    await page.getByRole('heading', { level: 1, name: messages.watchlistHeading }).waitFor();
    await page.getByText('Paterson', { exact: true }).first().waitFor();

    // the Letterboxd files, downloaded with the member's bearer
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Watchlist for Letterboxd (CSV)' }).click(),
    ]);
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    expect(csv.split(/\r?\n/)[0]).toMatch(/^Title,Year/);
    expect(csv).toContain('Paterson,2016');

    // the save holds across a reload: it is the server's, not the page's
    await page.reload();
    await page.getByText('Paterson', { exact: true }).first().waitFor();
  });
});
