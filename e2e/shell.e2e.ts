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

  it('gives every footer link a target of 24 px at least, 44 px on a phone (WCAG 2.5.8)', async () => {
    for (const [size, least] of [
      [{ width: 1280, height: 800 }, 24],
      [{ width: 390, height: 844 }, 44],
    ] as const) {
      const { context, page } = await newPage(browser, size);
      await page.goto('/about');
      const footerLinks = page.getByRole('navigation', { name: 'Footer' }).getByRole('link');
      // The footer is drawn by the app after the page loads: wait for it rather than count too early.
      await expect.poll(() => footerLinks.count()).toBe(6);
      const links = await footerLinks.all();
      for (const link of links) {
        const box = await link.boundingBox();
        expect(box?.height ?? 0, `${(await link.textContent()) ?? ''} at ${size.width} px`).toBeGreaterThanOrEqual(least);
        expect(box?.width ?? 0).toBeGreaterThanOrEqual(24);
      }
      await context.close();
    }
  });
});
