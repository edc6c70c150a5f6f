import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_NAME } from '@filmlist/shared/constants';
import { mentionQuestion, messages, saveForLater } from '@filmlist/shared/messages';
import { expectAccessible, launchBrowser, newPage } from './support/browser.js';
import { logIn, registerVerified, watchlistTitles } from './support/members.js';

let browser: Browser;
let context: BrowserContext;
let page: Page;

const stamp = Date.now();
const account = { username: `voter${stamp}`, email: `voter${stamp}@example.com`, password: 'Quiet-Lantern-Orbit-42' };

beforeAll(async () => {
  browser = await launchBrowser();
  // One verified member for this file (the sign-up rate limit is shared by every journey).
  await registerVerified(account);
  ({ context, page } = await newPage(browser));
  await logIn(page, account);
});
afterAll(async () => {
  await context.close();
  await browser.close();
});

const rowFor = (title: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title, exact: true }) });
const shownTitles = () => page.getByRole('rowheader').allTextContents();

describe('a member voting on the dashboard', () => {
  it('shows the member columns and passes axe', async () => {
    await page.getByRole('heading', { level: 1, name: 'The Film List' }).waitFor();
    await rowFor('Moon').getByRole('button', { name: 'Mention', exact: true }).waitFor();
    expect(await page.getByRole('columnheader').allTextContents()).toEqual([
      'Film Title',
      'Year of Release',
      'Logline',
      'Film Info',
      'Heard of Before',
      'Score Film',
      'Watch Film',
      'Share Film',
    ]);
    expect(await rowFor('Moon').getByRole('link', { name: 'Film Info' }).getAttribute('href')).toBe('/films/private/moon-2009');
    await expectAccessible(page, '/dashboard');
  });

  it('answers a mention once; the button then reads Mentioned, disabled; a "No" offers to save the film, without a second dialog', async () => {
    await rowFor('Moon').getByRole('button', { name: 'Mention', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: mentionQuestion('Moon', SITE_NAME) });
    await dialog.getByText(messages.mentionIsFinal).waitFor();
    await expectAccessible(page, 'the mention dialog');
    await dialog.getByRole('button', { name: messages.mentionAnswerNo }).click();
    const mentioned = rowFor('Moon').getByRole('button', { name: 'Mentioned' });
    await mentioned.waitFor();
    expect(await mentioned.isDisabled()).toBe(true);

    // The discovery: the vote's notice offers to save it; nothing modal stands in the way (docs/product.md §Watchlist).
    const offer = page.getByRole('status').getByRole('button', { name: saveForLater('Moon') });
    await offer.waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    // The pointer rests on the notice, as a reader's does, so it stays while axe looks (it goes 8 s after otherwise).
    await offer.hover();
    await expectAccessible(page, 'the offer to save after a "No"');
    await offer.click();
    await page.getByRole('status').getByRole('link', { name: messages.savedToWatchlist }).waitFor();
    await rowFor('Moon').getByRole('button', { name: 'Saved', exact: true }).waitFor();
    expect(await watchlistTitles(account)).toContain('Moon');
    await page.getByRole('status').getByRole('button', { name: 'Dismiss' }).click();
  });

  it('rates 8, sees the share pop-up, then edits the rating', async () => {
    await rowFor('The Fall').getByRole('button', { name: 'Rate', exact: true }).click();
    const rate = page.getByRole('dialog', { name: 'Rate The Fall' });
    await rate.getByRole('radiogroup').waitFor();
    expect(await rate.getByRole('radio').count()).toBe(10);
    await expectAccessible(page, 'the rating dialog');
    await rate.getByRole('radio', { name: '8 stars' }).click();
    const share = page.getByRole('dialog', { name: 'Share The Fall:' });
    await share.waitFor();
    for (const name of ['Share via Email', 'Share on FB', 'Share on X']) expect(await share.getByRole('link', { name }).count()).toBe(1);
    await share.getByRole('button', { name: 'Close' }).click();
    await rowFor('The Fall').getByRole('button', { name: 'Rate 8/10' }).waitFor();

    // Edit with the keyboard: from 8, two steps left, Enter; a rating under 7 asks for no share.
    await rowFor('The Fall').getByRole('button', { name: 'Rate 8/10' }).click();
    await page.getByRole('dialog', { name: 'Rate The Fall' }).getByRole('radio', { name: '8 stars' }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await rowFor('The Fall').getByRole('button', { name: 'Rate 6/10' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('filters by Not Rated, Not Mentioned and Not Heard Before', async () => {
    const filter = (name: string) => page.getByRole('group', { name: 'Filter films' }).getByRole('button', { name, exact: true });
    // Other journeys share the server and may add films: count against the whole list.
    const all = (await shownTitles()).length;
    expect(all).toBeGreaterThanOrEqual(30);
    await filter('Not Rated').click();
    expect(await filter('Not Rated').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(shownTitles).not.toContain('The Fall');
    expect(await shownTitles()).toContain('Moon');
    expect((await shownTitles()).length).toBe(all - 1);

    await filter('Not Mentioned').click();
    await expect.poll(shownTitles).not.toContain('Moon');
    expect(await shownTitles()).toContain('The Fall');

    await filter('Not Heard Before').click();
    await expect.poll(shownTitles).toEqual(['Moon']);

    await filter('All Films').click();
    await expect.poll(async () => (await shownTitles()).length).toBe(all);
    expect(await filter('All Films').getAttribute('aria-pressed')).toBe('true');
  });

  it('shows the private film page with the answered question and the rating', async () => {
    await rowFor('The Fall').getByRole('link', { name: 'Film Info' }).click();
    await page.waitForURL('**/films/private/the-fall-2006');
    await page.getByRole('heading', { level: 1, name: 'The Fall' }).waitFor();
    await page.getByRole('region', { name: 'Score Film' }).getByRole('button', { name: 'Rate 6/10' }).waitFor();
    const heard = page.getByRole('region', { name: 'Heard of Before' });
    await heard.getByText(mentionQuestion('The Fall', SITE_NAME)).waitFor();
    await heard.getByRole('button', { name: messages.mentionAnswerYes }).click();
    const mentioned = heard.getByRole('button', { name: 'Mentioned' });
    await mentioned.waitFor();
    expect(await mentioned.isDisabled()).toBe(true);
    await heard.getByText(messages.heardItYes).waitFor();
    await expectAccessible(page, '/films/private/the-fall-2006');
  });
});
