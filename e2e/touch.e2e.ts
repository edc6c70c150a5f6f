import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { launchBrowser, newPage } from './support/browser.js';
import { describeGeometry, listGeometry } from './support/geometry.js';
import { logIn, newAccount, registerVerified } from './support/members.js';

/**
 * A touch screen (docs/product.md §List rows): the list's buttons, its filters and the rating's stars are at least
 * 44 px tall for a fingertip, while the first two films still fit the first screen of a 390 by 844 phone.
 */

const PHONE = { width: 390, height: 844 };
const FINGERTIP = 44;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** The heights of the visible elements `selector` finds. */
const heights = async (page: Page, selector: string): Promise<number[]> =>
  z
    .array(z.number())
    .parse(
      await page.evaluate(
        `[...document.querySelectorAll(${JSON.stringify(selector)})].map((e) => e.getBoundingClientRect()).filter((box) => box.width > 0).map((box) => box.height)`,
      ),
    );

describe('the list on a touch screen', () => {
  it('gives its buttons, filters and stars 44 px, and keeps the first two films on the first screen of a 390x844 phone', async () => {
    const account = newAccount('touch');
    await registerVerified(account);
    const { context, page } = await newPage(browser, { ...PHONE, touch: true });
    expect(await page.evaluate("matchMedia('(pointer: coarse)').matches")).toBe(true);
    await logIn(page, account);
    await page.goto('/dashboard');
    await page.locator('[data-focus-key^="rate-"]:not([disabled])').first().waitFor();

    const buttons = await heights(page, '.film-table tbody tr .act');
    expect(buttons.length).toBeGreaterThan(30);
    expect(Math.min(...buttons), 'the shortest row button').toBeGreaterThanOrEqual(FINGERTIP);
    const filters = await heights(page, '.filter');
    expect(filters.length).toBeGreaterThan(0);
    expect(Math.min(...filters), 'the shortest filter').toBeGreaterThanOrEqual(FINGERTIP);
    const geometry = await listGeometry(page);
    expect(geometry.firstTwoOnFirstScreen, describeGeometry(geometry)).toBe(true);
    expect(geometry.sidewaysScroll, describeGeometry(geometry)).toBeLessThanOrEqual(0);

    await page.locator('.film-table tbody tr').first().getByRole('button', { name: 'Rate', exact: true }).click();
    await page.locator('.star').first().waitFor();
    const stars = await heights(page, '.star');
    expect(stars).toHaveLength(10);
    expect(Math.min(...stars), 'the shortest star').toBeGreaterThanOrEqual(FINGERTIP);
    await context.close();
  });
});
