import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, serverMessages } from '@filmlist/shared/messages';
import { E2E_REVIEWER } from './global-setup.js';
import { expectAccessible, launchBrowser, newPage } from './support/browser.js';
import { logIn, newAccount, registerVerified } from './support/members.js';
import { addFilmAsReviewer, REVIEWER_PASSWORD } from './support/reviewer.js';

/** Reviewers' tools (docs/product.md §Reviewer tools): the history of decisions, editing a film and removing one. */

const stamp = Date.now();
const before = { title: `The Tin Harbour ${stamp}`, year: '1984', slug: `the-tin-harbour-${stamp}-1984` };
const after = { title: `The Tin Lighthouse ${stamp}`, year: '1985', slug: `the-tin-lighthouse-${stamp}-1985` };
const note = 'The title and year were taken from the wrong poster.';
const removalReason = 'Added by mistake: it is a short, not a feature.';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  // A film the reviewer adds herself: no submission, so no submitter.
  expect(
    await addFilmAsReviewer({
      title: before.title,
      release_year: before.year,
      description: 'A harbour town melts down its boats for a statue.',
    }),
  ).toBe(200);
  ({ context, page } = await newPage(browser));
  await logIn(page, { username: E2E_REVIEWER, password: REVIEWER_PASSWORD });
});
afterAll(async () => {
  await context.close();
  await browser.close();
});

const history = () => page.getByRole('region', { name: 'History' });
const entry = (text: string) => history().getByRole('listitem').filter({ hasText: text }).first();

describe("a reviewer's tools", () => {
  it('/master shows the history beside the queue: who decided what, and when', async () => {
    await page.goto('/master');
    await page.getByRole('region', { name: 'Waiting for Review' }).waitFor();
    const addition = entry(`${E2E_REVIEWER} added ${before.title} (1984)`);
    await addition.waitFor();
    expect(await addition.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await expectAccessible(page, '/master with the history');

    await page.setViewportSize({ width: 390, height: 844 });
    await addition.waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await expectAccessible(page, '/master with the history at 390 px');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("edits a film from its page: the add-film rules, then the film's new address; the old ones lead there", async () => {
    await entry(`added ${before.title}`)
      .getByRole('link', { name: `${before.title} (1984)`, exact: true })
      .click();
    await page.waitForURL(`**/films/private/${before.slug}`);
    await page.getByRole('link', { name: 'Edit or remove this film' }).click();
    await page.waitForURL(`**/master/films/${before.slug}/edit`);
    await page.getByRole('heading', { level: 1, name: 'Edit a Film' }).waitFor();
    expect(await page.getByLabel('Film Title').inputValue()).toBe(before.title);
    await expectAccessible(page, '/master/films/{slug}/edit');

    // Remove Film has the danger style, not the primary's filled red beside it, in both colour schemes (docs/product.md §Navigation and shell).
    const look = async (name: string) =>
      String(
        await page.evaluate(
          `(() => { const b = [...document.querySelectorAll('button')].find((e) => e.textContent.trim() === ${JSON.stringify(name)}); const s = getComputedStyle(b); return [s.backgroundColor, s.color, s.borderTopColor].join(' / '); })()`,
        ),
      ).split(' / ');
    for (const scheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const [removeFill, removeText] = await look('Remove Film');
      const [saveFill, saveText, saveEdge] = await look('Save Changes');
      expect(removeFill, `Remove Film's fill, ${scheme}`).not.toBe(saveFill);
      expect(removeFill, `Remove Film's fill, ${scheme}`).not.toBe(saveEdge);
      expect(removeText, `Remove Film's text, ${scheme}`).not.toBe(saveText);
      await expectAccessible(page, `/master/films/{slug}/edit, ${scheme}`);
    }

    // The rules run first: here a link in the title.
    await page.getByLabel('Film Title').fill('https://tin.example');
    await page.getByLabel('I have double-checked the film details').check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(messages.titleIsLink).waitFor();
    await expectAccessible(page, 'the edit form with an error');

    await page.getByLabel('Film Title').fill(after.title);
    await page.getByLabel('Year of Release').fill(after.year);
    await page.getByLabel('Note for the record', { exact: false }).fill(note);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.waitForURL(`**/films/private/${after.slug}`);
    await page.getByRole('heading', { level: 1, name: after.title }).waitFor();
    await page.getByRole('status').getByText(serverMessages.filmUpdated).waitFor();

    // The old public address answers a permanent redirect; the old private one is replaced in the page.
    const response = await page.request.get(`/films/${before.slug}`, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe(`/films/${after.slug}`);
    await page.goto(`/films/${before.slug}`);
    expect(new URL(page.url()).pathname).toBe(`/films/${after.slug}`);
    await page.getByRole('heading', { level: 1, name: after.title }).waitFor();
    await page.goto(`/films/private/${before.slug}`);
    await page.waitForURL(`**/films/private/${after.slug}`);
    await page.getByRole('heading', { level: 1, name: after.title }).waitFor();

    // The history says what changed, and why.
    await page.goto('/master');
    const edit = entry(`${E2E_REVIEWER} edited ${after.title} (1985)`);
    await edit.waitFor();
    const changes = await edit.getByRole('listitem').allTextContents();
    expect(changes).toEqual([`Title: ${before.title} → changed to ${after.title}`, 'Year of Release: 1984 → changed to 1985']);
    expect(await edit.textContent()).toContain(`Reason: ${note}`);
  });

  it('refuses a duplicate with its message', async () => {
    await page.goto(`/master/films/${after.slug}/edit`);
    await page.getByLabel('Film Title').fill('Moon');
    await page.getByLabel('Year of Release').fill('2009');
    await page.getByLabel('I have double-checked the film details').check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('alert').getByText(messages.filmAlreadyListed).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/master/films/${after.slug}/edit`);
  });

  it('removes a film after a confirmation with a reason; the list and the history follow', async () => {
    await page.goto(`/master/films/${after.slug}/edit`);
    await page.getByRole('button', { name: 'Remove Film' }).click();
    const dialog = page.getByRole('dialog', { name: `Remove ${after.title} (1985)?` });
    await dialog.waitFor();
    await expectAccessible(page, 'the remove-film dialog');
    await dialog.getByLabel('Reason', { exact: false }).fill(removalReason);
    await dialog.getByRole('button', { name: 'Yes, remove the film' }).click();
    await page.getByRole('status').getByText(serverMessages.filmRemoved).waitFor();

    await page.getByRole('link', { name: 'Back to The Film List' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByLabel('Search by film title').fill(after.title);
    await page.getByText(messages.searchNoMatch).waitFor();

    await page.goto('/master');
    const removal = entry(`${E2E_REVIEWER} removed ${after.title} (1985)`);
    await removal.waitFor();
    expect(await removal.textContent()).toContain(`Reason: ${removalReason}`);
    // A film that is gone is named, not linked.
    expect(await removal.getByRole('link').count()).toBe(0);
  });

  it('a member never sees the tools', async () => {
    const member = newAccount('onlooker');
    await registerVerified(member);
    const { context: theirs, page: theirPage } = await newPage(browser);
    await logIn(theirPage, member);
    await theirPage.goto('/films/private/moon-2009');
    await theirPage.getByRole('heading', { level: 1, name: 'Moon' }).waitFor();
    expect(await theirPage.getByRole('link', { name: 'Edit or remove this film' }).count()).toBe(0);
    await theirPage.goto('/master/films/moon-2009/edit');
    await theirPage.getByText(messages.reviewerOnly).waitFor();
    expect(await theirPage.getByLabel('Film Title').count()).toBe(0);
    await theirs.close();
  });
});
