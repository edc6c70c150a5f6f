import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filmBody } from '@filmlist/shared/api/films';
import { myExport } from '@filmlist/shared/api/me';
import { messages, serverMessages } from '@filmlist/shared/messages';
import { expectAccessible, launchBrowser, newPage } from './support/browser.js';
import { callApi, logIn, logInApi, newAccount, registerVerified } from './support/members.js';
import { addFilmAsReviewer, reviewerSession } from './support/reviewer.js';

/** A member's own contributions (docs/product.md §Member screens): their submissions, the Rated filter, and their data. */

const stamp = Date.now();
const account = newAccount('contributor');
const films = {
  added: { title: `The Salt Road ${stamp}`, release_year: '1987', description: 'Two sisters drive a salt truck across the desert.' },
  rejected: { title: `The Glass Orchard ${stamp}`, release_year: '1991', description: 'An orchard keeper grows fruit under glass.' },
  withdrawn: { title: `The Night Ferry ${stamp}`, release_year: '1979', description: 'A ferry crosses a strait with one passenger.' },
  pending: { title: `The Paper Bridge ${stamp}`, release_year: '2003', description: 'A town builds a bridge out of newspapers.' },
};
const reason = 'It is already on the list under its original title.';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let userId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  await registerVerified(account);
  const session = await logInApi(account);
  userId = session.user.user_id;
  // Three submissions through the API; the reviewer adds one and rejects another.
  for (const film of [films.added, films.rejected, films.withdrawn]) {
    const sent = await callApi('/api/films/reviewfilm', { method: 'POST', body: film, token: session.accessToken });
    expect(sent.status, `submit ${film.title}`).toBe(201);
  }
  const rita = await reviewerSession();
  const { title, release_year, description } = films.added;
  expect(await addFilmAsReviewer({ title, release_year, description, userId: String(userId) }), 'add').toBe(200);
  const reject = await callApi('/api/films/reject', {
    method: 'POST',
    token: rita.accessToken,
    body: { title: films.rejected.title, release_year: films.rejected.release_year, userId, reason },
  });
  expect(reject.status, 'reject').toBe(200);

  ({ context, page } = await newPage(browser));
  await logIn(page, account);
});
afterAll(async () => {
  await context.close();
  await browser.close();
});

const item = (title: string) => page.getByRole('article', { name: title });

describe("a member's own contributions", () => {
  it('the /addfilm success, on screen at phone size, links to /my-submissions, which shows each submission and its state', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/addfilm');
    await page.getByLabel('Film Title').fill(films.pending.title);
    await page.getByLabel('Year of Release').fill(films.pending.release_year);
    await page.getByLabel('Logline').fill(films.pending.description);
    await page.getByLabel('I have double-checked the film details').check();
    await page.getByRole('button', { name: 'Add Film' }).click();
    const outcome = page.getByRole('status').filter({ hasText: messages.reviewSubmitted });
    await outcome.waitFor();
    // The form empties; the message that says the film was sent is on the screen, not below the fold under a blank form.
    await expect
      .poll(async () => {
        const box = await outcome.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= 844;
      })
      .toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });
    await outcome.getByRole('link', { name: 'Follow your submissions on My Submissions' }).click();
    await page.waitForURL('**/my-submissions');
    await page.getByRole('heading', { level: 1, name: 'My Submissions' }).waitFor();

    // Newest first.
    await item(`${films.pending.title} (2003)`).waitFor();
    const headings = await page.getByRole('article').getByRole('heading', { level: 2 }).allTextContents();
    expect(headings.slice(0, 4)).toEqual([
      `${films.pending.title} (2003)`,
      `${films.withdrawn.title} (1979)`,
      `${films.rejected.title} (1991)`,
      `${films.added.title} (1987)`,
    ]);
    expect(await item(`${films.pending.title} (2003)`).textContent()).toContain('Pending: waiting for a reviewer.');
    expect(await item(`${films.rejected.title} (1991)`).textContent()).toContain(`Reason: ${reason}`);
    const added = item(`${films.added.title} (1987)`);
    expect(await added.textContent()).toContain('Added to The Film List on');
    expect(await added.getByRole('button').count()).toBe(0);
    await expectAccessible(page, '/my-submissions');

    // The added film's page.
    await added.getByRole('link', { name: 'See the film' }).click();
    await page.waitForURL(`**/films/private/the-salt-road-${stamp}-1987`);
    await page.getByRole('heading', { level: 1, name: films.added.title }).waitFor();
  });

  it('withdraws a pending submission after a confirmation', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Submissions' }).click();
    await page.waitForURL('**/my-submissions');
    const withdrawn = item(`${films.withdrawn.title} (1979)`);
    await withdrawn.getByRole('button', { name: 'Withdraw' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw this submission?' });
    await dialog.waitFor();
    await expectAccessible(page, 'the withdraw dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await withdrawn.count()).toBe(1);
    await withdrawn.getByRole('button', { name: 'Withdraw' }).click();
    await dialog.getByRole('button', { name: 'Yes, withdraw it' }).click();
    await page.getByRole('status').getByText(serverMessages.submissionWithdrawn).waitFor();
    await expect.poll(() => withdrawn.count()).toBe(0);
    await item(`${films.pending.title} (2003)`).waitFor();
  });

  it('fits a 390 px phone and passes axe there', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await item(`${films.pending.title} (2003)`).waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await expectAccessible(page, '/my-submissions at 390 px');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('the Rated filter shows only the films the member rated, with the rating', async () => {
    const session = await logInApi(account);
    const { film: moon } = filmBody.parse(await (await callApi('/api/films/filmdetails?slug=moon-2009')).json());
    const rated = await callApi('/api/ratings/rate', {
      method: 'POST',
      token: session.accessToken,
      body: { user_id: userId, film_id: moon.film_id, rating: 6 },
    });
    expect(rated.status).toBe(201);

    await page.goto('/dashboard');
    const filters = page.getByRole('group', { name: 'Filter films' });
    await filters.waitFor();
    expect(await filters.getByRole('button').allTextContents()).toEqual([
      'All Films',
      'Not Rated',
      'Not Mentioned',
      'Not Heard Before',
      'Rated',
    ]);
    const ratedFilter = filters.getByRole('button', { name: 'Rated', exact: true });
    await expect.poll(() => ratedFilter.isEnabled()).toBe(true);
    await ratedFilter.click();
    expect(await ratedFilter.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByRole('rowheader').allTextContents()).toEqual(['Moon']);
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Moon', exact: true }) });
    await row.getByRole('button', { name: 'Rate 6/10' }).waitFor();
    await expectAccessible(page, '/dashboard with the Rated filter');
  });

  it('downloads the member data as a JSON file: the account without secrets, the rating and the submissions', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Profile' }).click();
    await page.waitForURL('**/myprofile');
    const section = page.getByRole('region', { name: 'Download My Data' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Download My Data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^the-film-list-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const text = readFileSync(await download.path(), 'utf8');
    const data = myExport.parse(JSON.parse(text));
    expect(data.account).toMatchObject({ user_id: userId, username: account.username, email: account.email, verified: true });
    expect(text).not.toMatch(/password|argon2|token/i);
    expect(data.ratings.map((r) => [r.film.title, r.rating])).toEqual([['Moon', 6]]);
    expect(data.submissions.map((s) => [s.title, s.state])).toEqual(
      expect.arrayContaining([
        [films.added.title, 'added'],
        [films.rejected.title, 'rejected'],
        [films.pending.title, 'pending'],
      ]),
    );
    await section.getByText(messages.dataExported).waitFor();
    await expectAccessible(page, '/myprofile after a download');

    // The Privacy Policy says people can do this.
    await page.goto('/privacy-policy');
    await page.getByText('Australian Privacy Principle 12', { exact: false }).waitFor();
  });
});
