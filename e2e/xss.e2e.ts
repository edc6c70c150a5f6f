import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFilmAnswer, type Film } from '@filmlist/shared/api/films';
import { baseUrl, launchBrowser, newPage } from './support/browser.js';
import { reviewerSession } from './support/reviewer.js';

/**
 * docs/reliability.md, "Hostile and malformed input", in the browser: a film whose title and logline are markup
 * is shown as text on the list and on its page. No script runs (no dialog),
 * no element is made from it, and the words are visible as typed.
 */

const TITLE = '<img src=x onerror=alert(1)>';
const LOGLINE = 'A logline with <b>markup</b>, <svg onload=alert(2)> and <script>alert(3)</script> in it.';

let browser: Browser;
let film: Film;

beforeAll(async () => {
  browser = await launchBrowser();
  const rita = await reviewerSession();
  const added = await fetch(`${baseUrl()}/api/films/addfilm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${rita.accessToken}` },
    body: JSON.stringify({ title: TITLE, release_year: '2003', description: LOGLINE, watchLink: 'https://watch.example/x' }),
  });
  expect(added.status).toBe(200);
  film = addFilmAnswer.parse(await added.json()).film;
  expect(film.title).toBe(TITLE);
});
afterAll(() => browser.close());

/** A page that records every dialog (and dismisses it, so a script could not stall the test). */
async function watchedPage(): Promise<{ page: Page; dialogs: string[]; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  // Outside links answer locally; the film's own image requests, if any were made, would show here.
  await context.route('https://watch.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>watch</title>' }));
  return { page, dialogs, close: () => context.close() };
}

/** The element appears; if it does not, the message says whether a script ran instead. */
async function shown(locator: Locator, dialogs: string[]): Promise<void> {
  try {
    await locator.waitFor({ timeout: 10_000 });
  } catch (error) {
    throw new Error(`not shown as text (dialogs: ${JSON.stringify(dialogs)})`, { cause: error });
  }
  expect(await locator.isVisible()).toBe(true);
}

/** Nothing was built from the markup: no image with src "x", no svg or script carrying the payloads. */
async function expectInert(page: Page, dialogs: string[]): Promise<void> {
  // An image with a broken source fails within milliseconds; give any handler time to run.
  await page.waitForTimeout(500);
  expect(dialogs).toEqual([]);
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.locator('svg[onload]').count()).toBe(0);
  expect(await page.locator('script', { hasText: 'alert(3)' }).count()).toBe(0);
  expect(await page.locator('b', { hasText: 'markup' }).count()).toBe(0);
}

describe('a film titled with markup', () => {
  it('shows as text on the list, in a search, and on its page, and never runs', async () => {
    const { page, dialogs, close } = await watchedPage();
    await page.goto('/');
    const header = page.getByRole('rowheader', { name: TITLE, exact: true });
    await shown(header, dialogs);
    expect(await header.textContent()).toBe(TITLE);
    const row = page.getByRole('row').filter({ has: header });
    expect(await row.getByText(LOGLINE, { exact: true }).isVisible()).toBe(true);
    await expectInert(page, dialogs);

    // The search box title-cases what is typed; the film still matches by its prefix.
    await page.getByLabel('Search by film title').pressSequentially('<img');
    await shown(header, dialogs);
    await expectInert(page, dialogs);

    // Its page, reached from the list.
    await row.getByRole('link', { name: 'Film Info' }).click();
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/films/${film.slug}`);
    const heading = page.getByRole('heading', { level: 1, name: TITLE, exact: true });
    await shown(heading, dialogs);
    expect(await heading.textContent()).toBe(TITLE);
    expect(await page.getByText(LOGLINE, { exact: true }).isVisible()).toBe(true);
    await expectInert(page, dialogs);
    await close();
  });

  it('shows as text when its page is opened directly, share-preview tags included', async () => {
    const { page, dialogs, close } = await watchedPage();
    const response = await page.goto(`/films/${encodeURIComponent(film.slug)}`);
    // The server writes the title into <title> and the og:/twitter: tags: escaped, so it stays one attribute.
    const html = (await response?.text()) ?? '';
    expect(html).not.toContain(TITLE);
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(`${TITLE} (2003) | The Film List`);
    const heading = page.getByRole('heading', { level: 1, name: TITLE, exact: true });
    await shown(heading, dialogs);
    await expectInert(page, dialogs);
    await close();
  });
});
