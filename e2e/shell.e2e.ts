import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, newPage } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('the app shell', () => {
  it('serves the app with the visitor navigation and no console errors', async () => {
    const { context, page } = await newPage(browser);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'About', 'Coffee', 'Shop', 'Login', 'Sign Up']) {
      await expect.poll(() => nav.getByRole('link', { name, exact: true }).count()).toBe(1);
    }
    expect(await nav.getByRole('link', { name: 'Logout' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await expectAccessible(page, '/about');
    await context.close();
  });
});
