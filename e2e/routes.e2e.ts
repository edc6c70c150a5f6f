import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@filmlist/shared/messages';
import { expectAccessible, launchBrowser, newPage } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const PROTECTED = [
  '/dashboard',
  '/addfilm',
  '/myprofile',
  '/master',
  '/films/private/moon-2009',
  '/master/addfilm/A/2000/B/1',
  '/my-submissions',
  '/master/films/moon-2009/edit',
];

/** Each public route, and what shows once it has settled. */
const PUBLIC: [path: string, ready: (page: Page) => Promise<void>][] = [
  ['/', (page) => page.getByRole('heading', { level: 1, name: 'The Film List' }).waitFor()],
  ['/about', (page) => page.getByRole('heading', { level: 1, name: 'About The Film List' }).waitFor()],
  ['/login', (page) => page.getByRole('button', { name: 'Login' }).waitFor()],
  ['/signup', (page) => page.getByRole('button', { name: 'Sign Up' }).waitFor()],
  ['/terms-conditions', (page) => page.getByRole('heading', { level: 1, name: 'Terms and Conditions' }).waitFor()],
  ['/privacy-policy', (page) => page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor()],
  ['/verification/badtoken', (page) => page.getByText(messages.verificationFailed).waitFor()],
  ['/account-deleted', (page) => page.getByRole('heading', { level: 1, name: "We're sorry to see you go!" }).waitFor()],
  ['/films/moon-2009', (page) => page.getByRole('heading', { level: 1, name: /Moon/ }).waitFor()],
  ['/forgot-password', (page) => page.getByRole('button', { name: 'Send Reset Link' }).waitFor()],
  ['/resend-verification', (page) => page.getByRole('button', { name: 'Resend Verification Email' }).waitFor()],
  ['/reset-password/badtoken', (page) => page.getByRole('button', { name: 'Reset Password' }).waitFor()],
  ['/no/such/page', (page) => page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor()],
];

describe('routes', () => {
  it('sends a visitor from every protected route to /login', async () => {
    const { context, page } = await newPage(browser);
    for (const path of PROTECTED) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByRole('button', { name: 'Login' }).waitFor();
    }
    await context.close();
  });

  it('shows the not-found page, with a search of the list and a link home, for an unknown path answered 404', async () => {
    const { context, page } = await newPage(browser);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    // The search opens the list with it (docs/product.md §Errors, §Search).
    await page.getByRole('search').getByLabel('Search The Film List by title').fill('bruges');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/' && url.search === '?q=bruges');
    await page.getByRole('link', { name: 'In Bruges' }).first().waitFor();
    await page.goBack();
    await page.getByRole('link', { name: /home page/ }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('every public route passes axe', async () => {
    const { context, page } = await newPage(browser);
    for (const [path, ready] of PUBLIC) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(path === '/no/such/page' ? 404 : 200);
      await ready(page);
      await expectAccessible(page, path);
    }
    await context.close();
  });

  it('sign-up works at 360 px wide: no sideways scrolling, accessible with errors and with the Privacy Policy pop-up', async () => {
    const { context, page } = await newPage(browser, { width: 360, height: 740 });
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Sign Up' }).waitFor();
    await expectAccessible(page, '/signup at 360 px');
    expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(360);

    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText(messages.agreementRequired).waitFor();
    await expectAccessible(page, '/signup at 360 px with errors');
    expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(360);

    await page.getByRole('button', { name: 'Read the Privacy Policy' }).click();
    await page.getByRole('dialog', { name: 'Privacy Policy' }).waitFor();
    await expectAccessible(page, '/signup at 360 px with the Privacy Policy open');
    await context.close();
  });

  it('sign-up, with its error messages, and About pass axe in dark mode', async () => {
    const { context, page } = await newPage(browser);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText(messages.agreementRequired).waitFor();
    await expectAccessible(page, '/signup in dark mode with errors');
    await page.goto('/about');
    await page.getByRole('heading', { level: 1, name: 'About The Film List' }).waitFor();
    await expectAccessible(page, '/about in dark mode');
    await context.close();
  });
});
