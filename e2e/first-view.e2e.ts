import type { Browser, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filmList } from '@filmlist/shared/api/films';
import { launchBrowser, newPage } from './support/browser.js';
import { callApi, logIn, logInApi, newAccount, registerVerified } from './support/members.js';

/**
 * docs/product.md §Loading the list: the list is in the first paint. The built app at phone size, as a
 * visitor and as a member coming back: the page carries the ranked list's
 * first films, so the rows show without waiting for any call of the API (the
 * demo catalogue is short enough to come whole, so the list is not asked for
 * at all), and a member's buttons say Loading... until their votes are in.
 */

const PHONE = { width: 390, height: 844 };
let browser: Browser;
let ranked: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  ranked = filmList.parse(await (await callApi('/api/films/allfilms')).json()).films.map((film) => film.title);
});
afterAll(async () => {
  await browser.close();
});

describe('the first view of the list', () => {
  it("shows a visitor the ranked rows with no API call before them, and the page's CSP holds", async () => {
    const { context, page } = await newPage(browser, PHONE);
    const apiCalls: string[] = [];
    page.on('request', (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) apiCalls.push(url.pathname);
    });
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto('/');
    await page.getByRole('rowheader', { name: ranked[0], exact: true }).waitFor();
    const shown = await page.locator('.film-table tbody th').allTextContents();
    expect(shown).toEqual(ranked);
    expect(apiCalls.filter((path) => path === '/api/films/allfilms')).toEqual([]);
    // Search works on the same rows.
    await page.getByLabel('Search by film title').fill(ranked[1]?.slice(0, 4) ?? '');
    await expect.poll(() => page.locator('.film-table tbody th').allTextContents()).toContain(ranked[1]);
    expect(violations).toEqual([]);
    await context.close();
  });

  it('shows a returning member the rows while their votes are held, with Loading... on disabled buttons, then their answers', async () => {
    const account = newAccount('firstview');
    await registerVerified(account);
    const { context, page } = await newPage(browser, PHONE);
    await logIn(page, account);
    const first = filmList.parse(await (await callApi('/api/films/allfilms')).json()).films[0];
    if (!first) throw new Error('no films');
    const session = await logInApi(account);
    const answered = await callApi('/api/mentions/mentioned', {
      method: 'POST',
      token: session.accessToken,
      body: { user_id: session.user.user_id, film_id: first.film_id, mentioned: false },
    });
    expect(answered.status).toBe(201);

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/me/votes', async (route: Route) => {
      await held;
      await route.continue();
    });
    await page.goto('/dashboard');
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: first.title, exact: true }) });
    await row.waitFor();
    const loading = row.getByRole('button', { name: 'Loading...' });
    expect(await loading.count()).toBe(2);
    for (const button of await loading.all()) expect(await button.isDisabled()).toBe(true);
    release();
    await row.getByRole('button', { name: 'Mentioned' }).waitFor();
    await context.close();
  });
});
