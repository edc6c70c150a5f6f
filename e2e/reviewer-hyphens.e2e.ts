import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { aboutFilm, messages } from '@filmlist/shared/messages';
import { expectAccessible, launchBrowser, newPage } from './support/browser.js';
import { callApi, logIn, newAccount, registerVerified } from './support/members.js';
import { REVIEWER_PASSWORD, reviewerSession } from './support/reviewer.js';

/**
 * docs/decisions/008-reviewer-link-hyphens.md: the reviewer form once turned every hyphen into a space
 * and stored the damage. A member submits two films with hyphens in the title
 * and the logline; the reviewer opens one from the queue and one from the
 * mailed link, adds both, and the list holds them as they were submitted.
 */

const member = newAccount('hyphen');
const rita = { username: 'rita', password: REVIEWER_PASSWORD };
const midAugust = {
  title: 'Mid-August Lunch',
  year: '2008',
  logline: 'A cash-strapped man agrees to host four elderly ladies over the mid-August holiday…',
  slug: 'mid-august-lunch-2008',
};
const spiderMan = {
  title: 'Spider-Man',
  year: '2002',
  logline: 'A shy, bookish teen becomes a web-slinging hero - and learns what great power costs.',
  slug: 'spider-man-2002',
};
type Film = typeof midAugust;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await reviewerSession();
  await registerVerified(member);
});
afterAll(() => browser.close());

async function submit(page: Page, film: Film): Promise<void> {
  await page.goto('/addfilm');
  await page.getByLabel('Film Title').fill(film.title);
  await page.getByLabel('Year of Release').fill(film.year);
  await page.getByLabel('Logline').fill(film.logline);
  await page.getByLabel('I have double-checked the film details').check();
  await page.getByRole('button', { name: 'Add Film' }).click();
  // The message of messages.ts, naming the film, with the way to follow it.
  const outcome = page.getByRole('status').filter({ hasText: aboutFilm(film.title, film.year, messages.reviewSubmitted) });
  await outcome.waitFor();
  await outcome.getByRole('link', { name: /My Submissions/ }).waitFor();
}

/** The path of the reviewer-form link mailed to the reviewers for this film (the outbox's .eml files). */
async function mailedFormLink(film: Film): Promise<string> {
  const outbox = path.join(inject('e2eDataDir'), 'outbox');
  const started = Date.now();
  while (Date.now() - started < 10_000) {
    const files = existsSync(outbox) ? readdirSync(outbox) : [];
    for (const file of files) {
      const text = readFileSync(path.join(outbox, file), 'utf8').replace(/=\r?\n/g, '');
      const link = /\/master\/addfilm\/[^\s"<>]+/.exec(text)?.[0];
      if (link?.startsWith(`/master/addfilm/${film.title.split(' ')[0]?.replace('-', '%2D')}`)) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no reviewer-form link mailed for ${film.title}`);
}

/** The reviewer form shows the film exactly as submitted, and (while it is pending) who submitted it. */
async function expectPrefilled(page: Page, film: Film, pending = true): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Review a Film' }).waitFor();
  expect(await page.getByLabel('Film Title').inputValue()).toBe(film.title);
  expect(await page.getByLabel('Year of Release').inputValue()).toBe(film.year);
  expect(await page.getByLabel('Description').inputValue()).toBe(film.logline);
  const userId = page.getByLabel('User ID');
  expect(await userId.getAttribute('readonly')).not.toBeNull();
  if (!pending) return;
  // From a link, the name comes from the queue once it has loaded.
  await expect.poll(() => page.getByText(`Submitted by ${member.username}`).count(), { timeout: 10_000 }).toBe(1);
}

async function add(page: Page, film: Film): Promise<void> {
  await page.getByLabel('I have double-checked the film details').check();
  await page.getByRole('button', { name: 'Add Film' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: aboutFilm(film.title, film.year, messages.filmAdded) })
    .waitFor();
}

/** What the list now holds for the film. */
async function stored(film: Film): Promise<{ title: string; description: string }> {
  const response = await callApi(`/api/films/filmdetails?slug=${film.slug}`);
  expect(response.status, film.slug).toBe(200);
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null || !('film' in body)) throw new Error('no film in the answer');
  const found = body.film;
  if (typeof found !== 'object' || found === null || !('title' in found) || !('description' in found)) throw new Error('no film fields');
  return { title: String(found.title), description: String(found.description) };
}

describe('hyphens survive the review', () => {
  it('a film opened from the queue and one from the mailed link are added as submitted, hyphens and all', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, member);
    await submit(page, midAugust);
    await submit(page, spiderMan);
    await context.close();

    const { context: ritaContext, page: reviewer } = await newPage(browser);
    await logIn(reviewer, rita);
    // The Review menu item says how many films wait.
    const review = reviewer.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Review/ });
    await expect
      .poll(async () => Number(/(\d+)/.exec((await review.textContent()) ?? '')?.[1] ?? 0), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(2);

    // From the queue: the submission itself goes to the form.
    await reviewer.goto('/master');
    const item = reviewer.getByRole('article', { name: `${midAugust.title} (${midAugust.year})` });
    await item.getByRole('link', { name: 'Open in reviewer form' }).click();
    await reviewer.waitForURL('**/master/addfilm/**');
    await expectPrefilled(reviewer, midAugust);
    await expectAccessible(reviewer, 'the reviewer form from the queue');
    // Its address carries the hyphens too (a reload reads them from the path).
    await reviewer.reload();
    await expectPrefilled(reviewer, midAugust);
    await add(reviewer, midAugust);

    // From the mailed link: the path alone, read with the shared encoding.
    const mailed = await mailedFormLink(spiderMan);
    expect(mailed).toContain('Spider%2DMan');
    await reviewer.goto(mailed);
    await expectPrefilled(reviewer, spiderMan);
    await add(reviewer, spiderMan);

    // The mailed link of the first film reads back the same way (decided now, so nobody is named).
    await reviewer.goto(await mailedFormLink(midAugust));
    await expectPrefilled(reviewer, midAugust, false);
    await ritaContext.close();

    // Stored as submitted.
    expect(await stored(midAugust)).toEqual({ title: midAugust.title, description: midAugust.logline });
    expect(await stored(spiderMan)).toEqual({ title: spiderMan.title, description: spiderMan.logline });
  });

  it('keeps the rule for a hand-made link: its dashes become spaces', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, rita);
    await page.goto('/master/addfilm/Some-Hand-Made-Title/1999/a-logline-typed-by-hand/1');
    await page.getByRole('heading', { level: 1, name: 'Review a Film' }).waitFor();
    expect(await page.getByLabel('Film Title').inputValue()).toBe('Some Hand Made Title');
    expect(await page.getByLabel('Description').inputValue()).toBe('A logline typed by hand');
    await context.close();
  });
});
