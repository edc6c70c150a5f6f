import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { messages } from '@filmlist/shared/messages';
import { expectAccessible, launchBrowser, newPage } from './support/browser.js';
import { logIn, registerVerified } from './support/members.js';
import { REVIEWER_PASSWORD, reviewerSession } from './support/reviewer.js';

/** Submitting films and deciding them: a member, and the reviewer "rita" (REVIEWERS names her address). */

const stamp = Date.now();
// The reviewer's account is shared with other journeys (support/reviewer.ts), so is her password.
const PASSWORD = REVIEWER_PASSWORD;
const member = { username: `critic${stamp}`, email: `critic${stamp}@example.test`, password: PASSWORD };
const reviewer = { username: 'rita', password: PASSWORD };
const added = {
  typed: `the quiet ember ${stamp}`,
  title: `The Quiet Ember ${stamp}`,
  year: '1998',
  logline: 'A lighthouse keeper finds letters in the sand.',
};
const rejected = { title: `The Lost Harbour ${stamp}`, year: '2004', logline: 'a fishing town keeps a secret about its harbour.' };
const reason = 'It is already on the list under another title.';

let browser: Browser;

async function submitFilm(page: Page, film: { title: string; year: string; logline: string }, typedTitle?: string): Promise<void> {
  if (typedTitle) {
    await page.getByLabel('Film Title').pressSequentially(typedTitle);
    await expect.poll(() => page.getByLabel('Film Title').inputValue()).toBe(film.title);
  } else await page.getByLabel('Film Title').fill(film.title);
  await page.getByLabel('Year of Release').fill(film.year);
  await page.getByLabel('Logline').fill(film.logline);
  await page.getByLabel('I have double-checked the film details').check();
  await page.getByRole('button', { name: 'Add Film' }).click();
  await page.getByText(messages.reviewSubmitted).waitFor();
}

/** The text of every mail in the outbox, soft line breaks undone. */
function outboxText(): string {
  const outbox = path.join(inject('e2eDataDir'), 'outbox');
  if (!existsSync(outbox)) return '';
  return readdirSync(outbox)
    .map((file) => readFileSync(path.join(outbox, file), 'utf8').replace(/=\r?\n/g, ''))
    .join('\n');
}

beforeAll(async () => {
  browser = await launchBrowser();
  await registerVerified(member);
  await reviewerSession();
});
afterAll(() => browser.close());

describe('submitting and reviewing films', () => {
  it('a member submits two films; the reviewer adds one and rejects the other with a reason', async () => {
    // The member submits, through the +Film page.
    const { context, page } = await newPage(browser);
    await logIn(page, member);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Add a film' }).click();
    await page.waitForURL('**/addfilm');
    await page.getByRole('heading', { level: 1, name: 'Add a Film' }).waitFor();
    await expectAccessible(page, '/addfilm');

    // The rules run in the browser first, every one at once: the fields, and the confirmation.
    await page.getByRole('button', { name: 'Add Film' }).click();
    await page.getByText(messages.confirmDetails).waitFor();
    // "Please fill in all fields." is said once; each empty field is marked invalid and points to it.
    expect(await page.getByText(messages.fillAllFields).count()).toBe(1);
    for (const label of ['Film Title', 'Year of Release', 'Logline']) {
      const field = page.getByLabel(label, { exact: true });
      expect(await field.getAttribute('aria-invalid'), label).toBe('true');
      const described = (await field.getAttribute('aria-describedby'))?.split(' ') ?? [];
      const description = await Promise.all(described.map((id) => page.locator(`[id="${id}"]`).textContent()));
      expect(description.join(' '), label).toContain(messages.fillAllFields);
    }
    await page.getByLabel('I have double-checked the film details').check();
    await page.getByRole('button', { name: 'Add Film' }).click();
    await page.getByText(messages.fillAllFields).first().waitFor();
    await page.getByLabel('I have double-checked the film details').uncheck();

    await submitFilm(page, added, added.typed);
    expect(await page.getByLabel('Film Title').inputValue()).toBe('');
    await expectAccessible(page, '/addfilm after submitting');
    await submitFilm(page, rejected);

    // A film already on the list is caught by the duplicate check.
    await page.getByLabel('Film Title').fill('Moon');
    await page.getByLabel('Year of Release').fill('2009');
    await page.getByLabel('Logline').fill('A man nears the end of a stint on the Moon.');
    await page.getByLabel('I have double-checked the film details').check();
    await page.getByRole('button', { name: 'Add Film' }).click();
    // The form's own message (the title field may also have said so, with a link, while it was typed).
    await page.getByRole('alert').getByText(messages.filmAlreadyListed, { exact: true }).waitFor();

    // The member is not a reviewer.
    await page.goto('/master');
    await page.getByText(messages.reviewerOnly).waitFor();
    await context.close();

    // The reviewer sees both in the queue.
    const { context: ritaContext, page: rita } = await newPage(browser);
    await logIn(rita, reviewer);
    await rita.goto('/master');
    const addItem = rita.getByRole('article', { name: added.title });
    const rejectItem = rita.getByRole('article', { name: rejected.title });
    await addItem.waitFor();
    await rejectItem.waitFor();
    expect(await addItem.textContent()).toContain(`Submitted by ${member.username}`);
    await expectAccessible(rita, '/master');

    // The reviewer form opens prefilled from the queue's link.
    await rejectItem.getByRole('link', { name: 'Open in reviewer form' }).click();
    await rita.waitForURL('**/master/addfilm/**');
    expect(await rita.getByLabel('Film Title').inputValue()).toBe(rejected.title);
    expect(await rita.getByLabel('Year of Release').inputValue()).toBe(rejected.year);
    expect(await rita.getByLabel('Description').inputValue()).toBe('A fishing town keeps a secret about its harbour.');
    expect(Number(await rita.getByLabel('User ID').inputValue())).toBeGreaterThan(0);
    await expectAccessible(rita, '/master/addfilm/...');
    await rita.getByLabel('Watch Link').fill('ftp://films.example/harbour');
    await rita.getByLabel('I have double-checked the film details').check();
    await rita.getByRole('button', { name: 'Add Film' }).click();
    await rita.getByText(messages.watchLinkInvalid).waitFor();
    await rita.getByRole('button', { name: 'Reject Film' }).click();
    await rita.getByRole('dialog', { name: `Reject ${rejected.title} (${rejected.year})?` }).waitFor();
    await expectAccessible(rita, 'the reject dialog');
    await rita.getByRole('button', { name: 'Cancel' }).click();

    // Add one from the queue.
    await rita.goto('/master');
    await addItem.getByLabel('Watch Link').fill('https://watch.example/quiet-ember');
    await addItem.getByRole('button', { name: 'Add Film' }).click();
    await rita.getByText(messages.filmAdded).waitFor();
    await expect.poll(() => addItem.count()).toBe(0);

    // Reject the other, after a confirmation that asks for the reason mailed to the member.
    await rejectItem.getByRole('button', { name: 'Reject Film' }).click();
    const confirmation = rita.getByRole('dialog', { name: `Reject ${rejected.title} (${rejected.year})?` });
    await confirmation.getByLabel('Reason').fill(reason);
    await confirmation.getByRole('button', { name: 'Confirm Rejection' }).click();
    await rita.getByText(messages.filmRejected).waitFor();
    await expect.poll(() => rejectItem.count()).toBe(0);
    await expect.poll(outboxText, { timeout: 10_000 }).toContain(reason);

    // The added film is now on the list; the rejected one is not.
    await rita.goto('/dashboard');
    const search = rita.getByLabel('Search by film title');
    await search.fill(added.title.toLowerCase());
    await rita.getByRole('rowheader', { name: added.title }).waitFor();
    await search.fill(rejected.title);
    await rita.getByText(messages.searchNoMatch).waitFor();
    await ritaContext.close();
  });

  it('the forms and the queue fit a 360 px phone screen, and pass axe in dark mode', async () => {
    const { context, page } = await newPage(browser, { width: 360, height: 740 });
    await logIn(page, reviewer);
    const path = `/master/addfilm/A-Very-Long-Title-Indeed-${stamp}/2001/${'a-long-description-'.repeat(12)}/1`;
    for (const url of ['/addfilm', '/master', path]) {
      await page.goto(url);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.evaluate('document.documentElement.scrollWidth'), url).toBeLessThanOrEqual(360);
    }
    // Dark mode, with a message showing.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/addfilm');
    await page.getByRole('button', { name: 'Add Film' }).click();
    await page.getByText(messages.confirmDetails).waitFor();
    await expectAccessible(page, '/addfilm in dark mode');
    await context.close();
  });
});
