import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, urlCopiedMessage } from '@filmlist/shared/messages';
import { expectAccessible, launchBrowser, newPage } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Outside links (trailers, watch links) answer locally: the journeys never leave the machine. */
async function visitor(width?: number): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, width ? { width, height: 800 } : {});
  for (const site of ['https://www.youtube.com/**', 'https://www.justwatch.com/**']) {
    await opened.context.route(site, (route) => route.fulfill({ contentType: 'text/html', body: '<title>outside</title>' }));
  }
  return opened;
}

const rowFor = (page: Page, title: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title, exact: true }) });

describe('the film list for visitors', () => {
  it('lists the seeded films, searches by title prefix in title case, and says when nothing matches', async () => {
    const { context, page } = await visitor();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'The Film List' }).waitFor();
    await rowFor(page, 'Paterson').waitFor();
    // 30 seeded films; other journeys on the shared server may have added more.
    expect(await page.getByRole('rowheader').count()).toBeGreaterThanOrEqual(30);
    const headers = await page.getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['Film Title', 'Year of Release', 'Logline', 'Film Info', 'Watch Film', 'Share Film']);
    // Without a watch link the row says so in quiet text: on screen, read out, and no control (§List rows).
    const noLink = rowFor(page, 'Columbus').getByText('Link Not Available', { exact: true });
    // Rows below the fold are painted once scrolled near (content-visibility).
    await noLink.scrollIntoViewIfNeeded();
    expect(await noLink.isVisible()).toBe(true);
    for (const role of ['link', 'button'] as const) {
      expect(
        await rowFor(page, 'Columbus')
          .getByRole(role, { name: /Link Not Available|Watch Film/ })
          .count(),
        role,
      ).toBe(0);
    }
    await page.evaluate('window.scrollTo(0, 0)');
    await expectAccessible(page, '/');

    const search = page.getByLabel('Search by film title');
    await search.pressSequentially('pa');
    expect(await search.inputValue()).toBe('Pa');
    await expect.poll(() => page.getByRole('rowheader').allTextContents()).toContain('Paterson');
    const matches = await page.getByRole('rowheader').allTextContents();
    expect(matches.every((title) => title.toLowerCase().startsWith('pa'))).toBe(true);
    expect(matches).not.toContain('Moon');

    await search.fill('');
    await search.pressSequentially('zzz');
    expect(await search.inputValue()).toBe('Zzz');
    await page.getByText(messages.searchNoMatch).waitFor();
    expect(await page.getByRole('rowheader').count()).toBe(0);
    await context.close();
  });

  it('records a watch click and shares a film from the list', async () => {
    const { context, page } = await visitor();
    await page.goto('/');
    const row = rowFor(page, 'Moon');
    const clicked = page.waitForRequest((request) => request.url().endsWith('/api/watch/click') && request.method() === 'POST');
    const popup = page.waitForEvent('popup');
    await row.getByRole('link', { name: 'Watch Film' }).click();
    const click = await clicked;
    expect(click.postData() ?? '').toMatch(/^\{"user_id":"[0-9a-f-]{36}","film_id":\d+\}$/);
    await (await popup).close();

    await row.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share Moon:' });
    await dialog.getByRole('button', { name: 'Copy URL' }).click();
    await dialog.getByText(urlCopiedMessage('Moon')).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toMatch(/\/films\/moon-2009$/);
    expect(await dialog.getByRole('link', { name: 'Share on FB' }).getAttribute('href')).toContain(
      'https://www.facebook.com/sharer/sharer.php?u=',
    );
    expect(await dialog.getByRole('link', { name: 'Share on X' }).getAttribute('href')).toContain('https://x.com/intent/tweet?url=');
    await expectAccessible(page, 'the share pop-up');
    await page.keyboard.press('Escape');
    expect(await dialog.count()).toBe(0);
    await context.close();
  });

  it('opens the public details of a seeded film, with a trailer pop-up and sharing', async () => {
    const { context, page } = await visitor();
    await page.goto('/');
    await rowFor(page, 'Paterson').getByRole('link', { name: 'Film Info' }).click();
    await page.waitForURL('**/films/paterson-2016');
    await page.getByRole('heading', { level: 1, name: 'Paterson' }).waitFor();
    await page.getByText('Year of Release').waitFor();
    expect(await page.getByRole('heading', { name: 'Heard of Before' }).count()).toBe(0);

    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Watch Trailer' }).click();
    const trailer = await popup;
    expect(trailer.url()).toBe('https://www.youtube.com/results?search_query=Paterson%20trailer%202016');
    await trailer.close();

    await page.getByRole('heading', { name: 'Share Film' }).waitFor();
    await page.getByRole('button', { name: 'Copy URL' }).click();
    await page.getByText(urlCopiedMessage('Paterson')).waitFor();
    for (const name of ['Share via Email', 'Share on FB', 'Share on X']) expect(await page.getByRole('link', { name }).count()).toBe(1);

    // A direct visit has no navigation state: the page loads the film by its slug.
    await page.goto('/films/the-fall-2006');
    await page.getByRole('heading', { level: 1, name: 'The Fall' }).waitFor();
    expect(await page.title()).toBe('The Fall | The Film List');
    await expectAccessible(page, '/films/the-fall-2006');
    await context.close();
  });

  it('says when a film does not exist, in a page answered 404', async () => {
    const { context, page } = await visitor();
    const response = await page.goto('/films/no-such-film-1999');
    expect(response?.status()).toBe(404);
    await page.getByRole('alert').filter({ hasText: messages.filmNotFound }).waitFor();
    await context.close();
  });

  it('works at 360 px wide', async () => {
    const { context, page } = await visitor(360);
    await page.goto('/');
    await rowFor(page, 'Moon').waitFor();
    await expectAccessible(page, '/ at 360 px');
    const overflow = Number(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'));
    expect(overflow).toBeLessThanOrEqual(0);
    await page.goto('/films/moon-2009');
    await page.getByRole('heading', { level: 1, name: 'Moon' }).waitFor();
    await expectAccessible(page, '/films/moon-2009 at 360 px');
    await context.close();
  });
});
