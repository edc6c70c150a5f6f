import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@filmlist/shared/messages';
import { expectAccessible, launchBrowser, newPage, verificationLinkFor } from './support/browser.js';
import { withoutFirstFilms } from './support/first-films.js';
import { logIn, newAccount, register, registerVerified } from './support/members.js';

/**
 * docs/product.md §Errors: errors with a way out (a film not found versus a
 * failed load, a verification link followed twice) and forms that say
 * everything at once, keep their messages to themselves, and set Delete
 * Account apart.
 */

let browser: Browser;
const member = newAccount('wayout');

beforeAll(async () => {
  browser = await launchBrowser();
  await registerVerified(member);
});
afterAll(() => browser.close());

/** Every request to the API path fails as it does with no connection, until `restore` is called. */
async function cutOff(page: Page, apiPath: string): Promise<() => Promise<void>> {
  const pattern = `**${apiPath}**`;
  await page.route(pattern, (route) => route.abort('internetdisconnected'));
  return () => page.unroute(pattern);
}

describe('errors with a way out', () => {
  it('a page whose code cannot be fetched (the connection dropped between pages) says so with Try again, not a blank screen', async () => {
    const { context, page } = await newPage(browser, { width: 360, height: 740 });
    // From the start: the list loads a film's page ahead once it is on screen, so that load fails too, and the tap asks again.
    await page.route('**/assets/FilmDetailsPage-*.js', (route) => route.abort('internetdisconnected'));
    await page.goto('/');
    const info = page.getByRole('link', { name: 'Film Info' }).first();
    await info.waitFor();
    await info.click();
    await page.getByRole('alert').filter({ hasText: messages.pageLoadFailed }).waitFor();
    expect(await page.getByRole('button', { name: 'Try again' }).isEnabled()).toBe(true);
    // The header stays: the member can go elsewhere.
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    await page.unroute('**/assets/FilmDetailsPage-*.js');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByText(messages.pageLoadFailed).count()).toBe(0);
    await context.close();
  });

  it('a verification link followed a second time says the account is already verified, and offers login', async () => {
    const account = newAccount('twice');
    await register(account);
    const link = await verificationLinkFor(account.email);
    const { context, page } = await newPage(browser);
    await page.goto(link);
    await page.getByText(messages.verificationSucceeded).waitFor();
    await page.goto(link);
    await page.getByText(messages.alreadyVerified).waitFor();
    expect(await page.getByText(messages.verificationFailed).count()).toBe(0);
    await page.getByRole('link', { name: 'Log in to The Film List' }).click();
    await page.waitForURL('**/login');
    // A link that never worked keeps messages.filmNotFound.
    await page.goto(`/verification/${'x'.repeat(43)}`);
    await page.getByText(messages.verificationFailed).waitFor();
    await context.close();
  });

  it('a film that is not there keeps the not-found message; a film page whose load failed offers Try again', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/films/no-such-film-1999');
    await page.getByText(messages.filmNotFound).waitFor();
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);

    const restore = await cutOff(page, '/api/films/filmdetails');
    await page.goto('/films/moon-2009');
    await page.getByText(messages.filmLoadFailed).waitFor();
    expect(await page.getByText(messages.filmNotFound).count()).toBe(0);
    await expectAccessible(page, 'a film page whose load failed');
    await restore();
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: 'Moon' }).waitFor();
    await context.close();
  });

  it('a list whose load failed keeps the load-failure message, with Try again', async () => {
    const { context, page } = await newPage(browser);
    await withoutFirstFilms(page);
    const restore = await cutOff(page, '/api/films/allfilms');
    await page.goto('/');
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    await page.getByText(messages.filmsLoadFailed).waitFor();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page, 'a list whose load failed, dark');
    await restore();
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('rowheader').first().waitFor();
    expect(await page.getByText(messages.filmsLoadFailed).count()).toBe(0);
    await context.close();
  });
});

describe('forms', () => {
  it('/addfilm shows every failing rule at once, each beside its field', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await logIn(page, member);
    await page.goto('/addfilm');
    await page.getByLabel('Film Title').fill('http://films.example');
    await page.getByLabel('Year of Release').fill('19x5');
    await page.getByRole('button', { name: 'Add Film' }).click();
    await page.getByText(messages.titleIsLink).waitFor();
    /** The text of what the field's aria-describedby names. */
    const description = async (label: string) => {
      const ids = ((await page.getByLabel(label, { exact: true }).getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
      const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
      return texts.join(' ');
    };
    expect(await description('Film Title')).toBe(messages.titleIsLink);
    expect(await description('Year of Release')).toBe(messages.yearNotNumber);
    expect(await description('Logline')).toBe(messages.fillAllFields);
    expect(await description('I have double-checked the film details')).toBe(messages.confirmDetails);
    // Focus lands on the first field with a message.
    expect(await page.evaluate('document.activeElement && document.activeElement.getAttribute("name")')).toBe('title');
    await expectAccessible(page, '/addfilm with every message at 390 px');
    await context.close();
  });

  it("My Profile keeps each form's messages to it and sets Delete Account apart", async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, member);
    await page.goto('/myprofile');
    const passwordForm = page.getByRole('form', { name: 'Update Password' });
    await passwordForm.getByRole('button', { name: 'Update Password' }).click();
    await passwordForm.getByText(messages.currentPasswordRequired).waitFor();
    // Using another form clears them.
    await page.getByRole('form', { name: 'Update Username' }).getByLabel('New username').fill('x');
    expect(await passwordForm.getByText(messages.currentPasswordRequired).count()).toBe(0);

    // Show passwords sits with the password fields it shows.
    await passwordForm.getByRole('checkbox', { name: 'Show passwords' }).check();
    expect(await passwordForm.getByLabel('New password', { exact: true }).getAttribute('type')).toBe('text');

    // Delete Account does not look like an update button.
    const look = async (selector: string) =>
      String(
        await page.evaluate(
          `(() => { const s = getComputedStyle(document.querySelector('${selector}')); return [s.backgroundColor, s.color, s.borderTopWidth].join(' '); })()`,
        ),
      );
    await page.getByRole('button', { name: 'Delete Account' }).waitFor();
    expect(await look('.danger-zone > button')).not.toBe(await look('#update-password ~ .actions button'));
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectAccessible(page, `/myprofile, ${scheme}`);
    }
    await context.close();
  });
});
