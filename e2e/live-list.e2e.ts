import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filmList } from '@filmlist/shared/api/films';
import { messages } from '@filmlist/shared/messages';
import { launchBrowser, newPage } from './support/browser.js';
import { addressOf, callApi, logInApi, newAccount, registerVerified } from './support/members.js';

/**
 * docs/product.md §Live list: a vote made in one browser shows in another's
 * open list without a reload, where the reader is, and the tabs of one browser
 * share one stream.
 */

let browser: Browser;
const voter = newAccount('livevoter');
let voterId = 0;
let voterToken = '';

beforeAll(async () => {
  browser = await launchBrowser();
  await registerVerified(voter);
  const login = await logInApi(voter);
  voterId = login.user.user_id;
  voterToken = login.accessToken;
});
afterAll(async () => {
  await browser.close();
});

const rowFor = (page: Page, title: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title, exact: true }) });

/** Counts the live-list streams the pages of a context open. */
function streamsOf(context: BrowserContext): () => number {
  let opened = 0;
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/films/events') opened += 1;
  });
  return () => opened;
}

async function rate(title: string, rating: number): Promise<void> {
  const list = filmList.parse(await (await callApi('/api/films/allfilms')).json());
  const film = list.films.find((f) => f.title === title);
  if (!film) throw new Error(`${title} is not on the list`);
  const res = await callApi('/api/ratings/rate', {
    method: 'POST',
    token: voterToken,
    from: addressOf(voter),
    body: { user_id: voterId, film_id: film.film_id, rating },
  });
  expect(res.status).toBe(201);
}

describe('the live list', () => {
  it("shows a vote made elsewhere in an open list, in place: no reload, the scroll position kept, and a quiet 'List updated.'", async () => {
    const { context, page } = await newPage(browser, { width: 1280, height: 700 });
    const streams = streamsOf(context);
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto('/');
    await page.getByRole('rowheader').nth(12).waitFor();
    await expect.poll(streams, { timeout: 10_000 }).toBe(1);

    // The reader scrolls down to a film some rows in.
    const ranked = filmList.parse(await (await callApi('/api/films/allfilms')).json()).films;
    const title = ranked[8]?.title ?? '';
    const row = rowFor(page, title);
    await row.scrollIntoViewIfNeeded();
    await page.evaluate('window.scrollBy(0, 40)');
    const scrollY = async () => Number(await page.evaluate('window.scrollY'));
    const scrolled = await scrollY();
    expect(scrolled).toBeGreaterThan(0);
    const before = await row.textContent();

    await rate(title, 10);
    await page.getByRole('status').filter({ hasText: messages.listUpdated }).waitFor({ state: 'attached', timeout: 5000 });
    await expect.poll(async () => rowFor(page, title).textContent()).not.toBe(before);
    expect(await scrollY()).toBe(scrolled);
    expect(loads).toBe(1);
    await context.close();
  });

  it('keeps one stream for the tabs of a browser; when the tab holding it closes, another takes it over', async () => {
    const { context, page: first } = await newPage(browser);
    const streams = streamsOf(context);
    await first.goto('/');
    await expect.poll(streams, { timeout: 10_000 }).toBe(1);
    const second = await context.newPage();
    await second.goto('/');
    await second.getByRole('rowheader').first().waitFor();
    // Its code is loaded and waiting for the lock: still one stream.
    await second.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('live-list')));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(streams()).toBe(1);

    // The second tab hears of a vote through the first one's stream.
    await rate('Moon', 7);
    await second.getByRole('status').filter({ hasText: messages.listUpdated }).waitFor({ state: 'attached', timeout: 5000 });

    await first.close();
    await expect.poll(streams, { timeout: 10_000 }).toBe(2);
    await context.close();
  });
});
