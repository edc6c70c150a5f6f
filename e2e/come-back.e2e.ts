import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messages, saveForLater, takeOffWatchlist } from '@filmlist/shared/messages';
import { expectAccessible, launchBrowser, newPage } from './support/browser.js';
import { lefts, leftOf } from './support/bidi.js';
import { logIn, newAccount, registerVerified, watchlistTitles } from './support/members.js';
import { addFilmAsReviewer } from './support/reviewer.js';

/**
 * A list people come back to (docs/product.md §New films, §Watchlist, §Letterboxd export, §Film page,
 * §Navigation and shell): the shelf of new films, saving what was discovered, the watchlist and its
 * files, the login page's offer of a film's public page, a right-to-left title, and a new page that
 * opens at its top. Each at 390x844 and 1280x800, with axe in both colour schemes. One member's page
 * goes through both sizes, so the file opens one browser and logs in once.
 */

const SIZES = [
  {
    name: '390x844',
    width: 390,
    height: 844,
    discover: { title: 'Primer', slug: 'primer-2004' },
    keep: { title: 'Coherence', slug: 'coherence-2013', year: 2013 },
  },
  {
    name: '1280x800',
    width: 1280,
    height: 800,
    discover: { title: 'Timecrimes', slug: 'timecrimes-2007' },
    keep: { title: 'Dark City', slug: 'dark-city-1998', year: 1998 },
  },
] as const;

/** A right-to-left title, added as a new film: it is on the shelf, and its address leads to Login with the offer. */
const WADJDA = { title: 'وجدة', year: 2012, slug: 'وجدة-2012' };

/** Records, in the page, when the first film row and the first shelf card entered it. */
const WATCH_ARRIVALS = `(() => {
  const seen = { row: 0, card: 0 };
  window.__arrivals = seen;
  new MutationObserver(() => {
    const now = performance.now();
    if (!seen.row && document.querySelector('.film-table tbody tr th a')) seen.row = now;
    if (!seen.card && document.querySelector('.shelf-card')) seen.card = now;
  }).observe(document, { subtree: true, childList: true });
})()`;

const arrivals = z.object({ row: z.number(), card: z.number() });

let browser: Browser;
const account = newAccount('returner');
let member: { context: BrowserContext; page: Page };
/** What the member has saved, oldest first, as the journeys go. */
const saved: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  expect([200, 409]).toContain(
    await addFilmAsReviewer({
      title: WADJDA.title,
      release_year: String(WADJDA.year),
      description: 'A girl in Riyadh saves every riyal she can for the green bicycle in the shop window.',
    }),
  );
  await registerVerified(account);
  member = await newPage(browser, SIZES[0]);
  await member.context.addInitScript({ content: WATCH_ARRIVALS });
  await logIn(member.page, account);
});
afterAll(async () => {
  await member.context.close();
  await browser.close();
});

/** axe in the light and the dark colour scheme, on the page as it is now (or the part `within` selects). */
async function accessibleInBoth(page: Page, label: string, within?: string): Promise<void> {
  for (const scheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectAccessible(page, `${label}, ${scheme}`, within);
  }
}

const watchlistOrder = (page: Page) => page.locator('.watchlist-film h2 a').allTextContents();

for (const size of SIZES) {
  describe(`at ${size.name}`, () => {
    beforeAll(async () => {
      await member.page.setViewportSize({ width: size.width, height: size.height });
    });

    it('the shelf of new films comes after the first rows, its cards leading to each film, the first two films still on the first screen', async () => {
      const { page } = member;
      await page.goto('/dashboard');
      const shelf = page.getByRole('region', { name: messages.newFilmsHeading });
      const card = shelf.getByRole('link', { name: new RegExp(`^${WADJDA.title}, ${WADJDA.year}`) });
      await card.waitFor();
      expect(await card.getAttribute('href')).toBe(`/films/private/${encodeURIComponent(WADJDA.slug)}`);
      // The shelf is asked for once the list is in, so it never delays the first rows (§New films).
      const seen = arrivals.parse(await page.evaluate('window.__arrivals'));
      expect(seen.row, 'the first row entered the page').toBeGreaterThan(0);
      expect(seen.card, 'the first card came after the first row').toBeGreaterThanOrEqual(seen.row);
      const second = await page.locator('.film-table tbody tr').nth(1).boundingBox();
      expect(
        (second?.y ?? Number.POSITIVE_INFINITY) + (second?.height ?? 0),
        'the second film ends on the first screen',
      ).toBeLessThanOrEqual(size.height);
      // The right-to-left title is isolated on its card and in its row.
      expect(await card.locator('bdi').textContent()).toBe(WADJDA.title);
      expect(await page.locator('.film-table tbody th bdi').filter({ hasText: WADJDA.title }).count()).toBe(1);
      // The shelf and the list's head above it; the rows are the list journeys' (ranking, votes).
      await accessibleInBoth(page, `the shelf on /dashboard at ${size.name}`, '.list-head, .list-controls, .new-shelf');
    });

    it('a "No" on the film page offers to save the film in the vote\'s notice; saved, it leads to the watchlist', async () => {
      const { page } = member;
      await page.goto(`/films/private/${size.discover.slug}`);
      await page.getByRole('region', { name: 'Heard of Before' }).getByRole('button', { name: messages.mentionAnswerNo }).click();
      const offer = page.getByRole('button', { name: saveForLater(size.discover.title) });
      await offer.waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      // The pointer rests on the notice while axe looks, so its 8 s do not run out on a slow machine.
      await offer.hover();
      await accessibleInBoth(page, `the offer to save after a "No" at ${size.name}`);
      await offer.click();
      saved.push(size.discover.title);
      const done = page.getByRole('link', { name: messages.savedToWatchlist });
      await done.waitFor();
      expect(await done.getAttribute('href')).toBe('/watchlist');
      await page.getByRole('button', { name: 'Saved', exact: true }).waitFor();
      expect(await watchlistTitles(account)).toContain(size.discover.title);
    });

    it('saves a film from its page, beside Watch Film', async () => {
      const { page } = member;
      await page.goto(`/films/private/${size.keep.slug}`);
      await page.getByRole('heading', { level: 1, name: size.keep.title }).waitFor();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      saved.push(size.keep.title);
      await page.getByRole('button', { name: 'Saved', exact: true }).waitFor();
      await expect.poll(() => watchlistTitles(account)).toContain(size.keep.title);
    });

    it('the watchlist sorts by date added and by rank; rating a saved film offers to take it off; the ratings go to Letterboxd', async () => {
      const { page } = member;
      await page.goto('/watchlist');
      await page.getByRole('heading', { level: 1, name: messages.watchlistHeading }).waitFor();
      await page.getByRole('link', { name: size.keep.title, exact: true }).waitFor();
      expect(await watchlistOrder(page)).toEqual([...saved].reverse());
      const sortBy = page.getByRole('group', { name: 'Sort by' });
      expect(await sortBy.getByRole('button', { name: 'Date added' }).getAttribute('aria-pressed')).toBe('true');
      await sortBy.getByRole('button', { name: 'Rank' }).click();
      await page.waitForURL((url) => url.search === '?sort=rank');
      const ranks = (await page.locator('.watchlist-rank').allTextContents()).map((text) => Number(/^#(\d+)/.exec(text)?.[1]));
      expect(ranks.length).toBe(saved.length);
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      await accessibleInBoth(page, `/watchlist by rank at ${size.name}`);
      await sortBy.getByRole('button', { name: 'Date added' }).click();
      await page.waitForURL((url) => url.search === '');

      // Rated, it has been seen: the rating's notice offers to take it off.
      const item = page.locator('.watchlist-film').filter({ has: page.getByRole('link', { name: size.keep.title, exact: true }) });
      await item.getByRole('button', { name: 'Rate', exact: true }).click();
      await page
        .getByRole('dialog', { name: `Rate ${size.keep.title}` })
        .getByRole('radio', { name: '6 stars' })
        .click();
      const takeOff = page.getByRole('button', { name: takeOffWatchlist(size.keep.title) });
      await takeOff.waitFor();
      await accessibleInBoth(page, `the offer to take a rated film off at ${size.name}`);
      await takeOff.click();
      saved.splice(saved.indexOf(size.keep.title), 1);
      await expect.poll(() => watchlistOrder(page)).toEqual([...saved].reverse());
      expect(await watchlistTitles(account)).not.toContain(size.keep.title);

      // The ratings, in Letterboxd's import format.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Ratings for Letterboxd (CSV)' }).click(),
      ]);
      const lines = (await readFile((await download.path()) ?? '', 'utf8')).split(/\r?\n/);
      expect(lines[0]).toBe('Title,Year,Rating10,tmdbID,imdbID,WatchedDate');
      expect(lines.some((line) => new RegExp(`^${size.keep.title},${size.keep.year},6,[^,]*,[^,]*,$`).test(line))).toBe(true);
    });

    it("a member's film address sent to a friend: Login offers the film's public page, its right-to-left title in order", async () => {
      const { context, page } = await newPage(browser, size);
      await page.goto(`/films/private/${encodeURIComponent(WADJDA.slug)}`);
      await page.waitForURL((url) => url.pathname === '/login');
      const offer = page.getByRole('complementary', { name: 'The film you were sent' });
      await offer.waitFor();
      // "وجدة (2012)", not "(2012) وجدة": the isolated title comes first, left to right.
      const at = lefts.parse(await page.evaluate(leftOf('.public-film-offer p', String(WADJDA.year))));
      expect(at, 'the year in the offer').not.toBeNull();
      expect(at?.title ?? Number.POSITIVE_INFINITY).toBeLessThan(at?.text ?? 0);
      await accessibleInBoth(page, `/login with the film's offer at ${size.name}`);
      await offer.getByRole('link', { name: 'See the film' }).click();
      await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/films/${WADJDA.slug}`);
      await page.getByRole('heading', { level: 1, name: WADJDA.title }).waitFor();
      await context.close();
    });

    it('a new page opens at its top: /account-deleted shows its heading after a deletion from the foot of My Profile', async () => {
      const leaving = newAccount(`leaver${size.width}`);
      await registerVerified(leaving);
      const { context, page } = await newPage(browser, size);
      await logIn(page, leaving);
      await page.goto('/myprofile');
      await page.getByRole('button', { name: 'Delete Account' }).waitFor();
      await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
      expect(Number(await page.evaluate('window.scrollY')), 'My Profile is scrolled to its foot').toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Delete Account' }).click();
      const confirm = page.getByRole('dialog', { name: 'Are you sure you want to delete your account?' });
      await confirm.getByLabel('Current password').fill(leaving.password);
      await confirm.getByRole('button', { name: 'Yes, delete my account' }).click();
      await page.waitForURL('**/account-deleted');
      const heading = page.getByRole('heading', { level: 1, name: "We're sorry to see you go!" });
      await heading.waitFor();
      expect(Number(await page.evaluate('window.scrollY'))).toBe(0);
      const box = await heading.boundingBox();
      expect(box && box.y >= 0 && box.y + box.height <= size.height).toBe(true);
      await context.close();
    });
  });
}
