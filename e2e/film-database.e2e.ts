import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { aboutFilm, messages } from '@filmlist/shared/messages';
import { filmSlug } from '@filmlist/shared/slug';
import { logInThroughPage, signUpVerified, type Account } from './support/accounts.js';
import { expectAccessible, launchBrowser, newPage } from './support/browser.js';
import { startFilmDatabaseServer, type FilmDatabaseServer } from './support/film-database-server.js';

/**
 * docs/product.md §Film database, §Posters, §Recommendation note, in a real browser at 390 x 844
 * against the fake TMDB on loopback: a member adds three films through the lookup (one named with
 * the note, one as "a member"), duplicates are caught while typing, the reviewer checks the link and
 * its offers and adds them, and the film pages and list rows show what the film database gave, from
 * our own origin. Then TMDB fails (500, then a hang) and the form goes on by hand. A server of its
 * own: the run's server has no token, and its no-token journeys stay as they are.
 */

const PHONE = { width: 390, height: 844 };
const stamp = Date.now();
const PASSWORD = 'Amber-Kestrel-Tide-73';
const member: Account = { username: `cinephile${stamp}`, email: `cinephile${stamp}@example.test`, password: PASSWORD };
const reviewerEmail = `reviewer${stamp}@reviewers.example.test`;
const reviewer: Account = { username: `reviewer${stamp}`, email: reviewerEmail, password: PASSWORD };

/** The three films, none in the demo catalogue, as typed and as the fake TMDB has them. */
const films = [
  {
    typed: 'exis',
    option: 'eXistenZ (1999), directed by David Cronenberg',
    title: 'eXistenZ',
    year: '1999',
    logline: 'A game designer hides inside her own game.',
    note: 'Predicted a decade of virtual reality, and nobody noticed.',
    named: true,
  },
  {
    typed: 'brick',
    option: 'Brick (2005), directed by Rian Johnson',
    title: 'Brick',
    year: '2005',
    logline: 'A hardboiled detective story set in a California high school.',
    note: 'Noir dialogue in a school corridor, and it works.',
    named: true,
  },
  {
    typed: 'lake mun',
    option: 'Lake Mungo (2008), directed by Joel Anderson',
    title: 'Lake Mungo',
    year: '2008',
    logline: 'A family searches for what their drowned daughter hid from them.',
    note: 'The quietest ghost story ever made in Australia.',
    named: false,
  },
] as const;

let browser: Browser;
let server: FilmDatabaseServer;

/** Every request the page makes, by URL: a visitor's browser talks to our origin only (§Posters). */
function requestsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

/** The images on the page not (yet) drawn, lazy ones left for later. Scripts are strings: the journeys' TypeScript has no DOM types. */
const UNDRAWN_IMAGES = `[...document.images]
  .filter((image) => image.style.visibility !== 'hidden' && image.loading !== 'lazy')
  .filter((image) => !image.complete || image.naturalWidth === 0)
  .map((image) => image.src)`;

/** Every image on the page has loaded and drawn: nothing shows as broken. */
async function expectImagesDrawn(page: Page, label: string): Promise<void> {
  await expect
    .poll(async () => z.array(z.string()).parse(await page.evaluate(UNDRAWN_IMAGES)), {
      timeout: 10_000,
      message: `broken or unloaded images on ${label}`,
    })
    .toEqual([]);
}

/** How wide an image is drawn from its file (0 until it has loaded, or when it is broken). */
const drawnWidth = async (image: Locator): Promise<number> =>
  z.number().parse(await image.evaluate((element: { naturalWidth?: unknown }) => element.naturalWidth));

/** The page passes axe in light and in dark. */
async function expectAccessibleBothWays(page: Page, label: string): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' });
  await expectAccessible(page, `${label}, light`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, `${label}, dark`);
  await page.emulateMedia({ colorScheme: 'light' });
}

const titleField = (page: Page) => page.getByRole('combobox', { name: 'Film Title' });

/** Types a title afresh (the year too: a typed year narrows the lookup). */
async function lookUp(page: Page, typed: string): Promise<void> {
  await page.getByLabel('Year of Release').fill('');
  await titleField(page).fill('');
  await titleField(page).pressSequentially(typed, { delay: 40 });
}

beforeAll(async () => {
  server = await startFilmDatabaseServer(reviewerEmail);
  browser = await launchBrowser();
  await signUpVerified(server, member, '10.78.0.1');
  await signUpVerified(server, reviewer, '10.78.0.2');
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the film database in the browser, at 390 x 844', () => {
  it('a member finds films as they type, picks them with their canonical titles, writes the note and submits; duplicates are caught while typing', async () => {
    const { context, page } = await newPage(browser, { ...PHONE, server });
    await logInThroughPage(page, member);
    await page.goto('/addfilm');
    await page.getByRole('heading', { level: 1, name: 'Add a Film' }).waitFor();

    for (const film of films) {
      await lookUp(page, film.typed);
      const list = page.getByRole('listbox', { name: 'Films in the film database' });
      const option = list.getByRole('option', { name: film.option });
      await option.waitFor();
      // A small poster from our own origin, the year and the director.
      const poster = option.locator('img');
      expect(await poster.getAttribute('src')).toMatch(/^\/posters\/t[0-9a-f]{24}\.webp\?w=92$/);
      await expect.poll(() => drawnWidth(poster)).toBeGreaterThan(0);
      expect(await option.textContent()).toContain(film.year);
      if (film === films[0]) await expectAccessibleBothWays(page, '/addfilm with candidates');

      await option.click();
      // Kept exactly as the film database has it: no capitalisation of a chosen title.
      expect(await titleField(page).inputValue()).toBe(film.title);
      expect(await page.getByLabel('Year of Release').inputValue()).toBe(film.year);
      await page.getByText('Linked to the film database', { exact: false }).waitFor();
      await page.getByLabel('Logline').fill(film.logline);
      await page.getByLabel('Why is it undervalued?', { exact: false }).fill(film.note);
      const naming = page.getByLabel('Show my username with the note');
      expect(await naming.isChecked()).toBe(true);
      if (!film.named) await naming.uncheck();
      await page.getByLabel('I have double-checked the film details').check();
      await page.getByRole('button', { name: 'Add Film' }).click();
      await page.getByText(aboutFilm(film.title, film.year, messages.reviewSubmitted)).waitFor();
      expect(await titleField(page).inputValue()).toBe('');
    }

    // A film already on the list (the demo catalogue's Moon), caught while typing, with the way to it.
    await lookUp(page, 'moon');
    await page.getByRole('option', { name: /^Moon \(2009\)/ }).click();
    const listed = page.getByRole('link', { name: 'See Moon on the list' });
    await listed.waitFor();
    expect(await listed.getAttribute('href')).toBe(`/films/${filmSlug('Moon', 2009)}`);
    await page.getByText(messages.filmAlreadyListed).waitFor();
    await expectAccessibleBothWays(page, '/addfilm with a duplicate');

    // One awaiting review (the member's own eXistenZ), marked in the list and said when chosen.
    await lookUp(page, 'existenz');
    await page.getByRole('option', { name: 'eXistenZ (1999), directed by David Cronenberg, awaiting review' }).click();
    await page.getByText(messages.filmAlreadyPending).waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  }, 180_000);

  it('the reviewer sees each link as the film database has it and its offers in Australia, uses them for the watch link, and adds the films', async () => {
    const { context, page } = await newPage(browser, { ...PHONE, server });
    await logInThroughPage(page, reviewer);
    await page.goto('/master');
    const existenz = page.getByRole('article', { name: /eXistenZ/ });
    await existenz.waitFor();
    // The entry itself, beside the submitted title: its poster, title and year, and its offers.
    await existenz.getByText('Linked to the film database', { exact: false }).waitFor();
    await existenz.getByText('David Cronenberg').waitFor();
    expect(await existenz.locator('.linked-entry img').getAttribute('src')).toMatch(/^\/posters\/t[0-9a-f]{24}\.webp/);
    await existenz.getByText('Where to watch in Australia').waitFor();
    await existenz.getByText('Apple TV').waitFor();
    expect(await existenz.textContent()).not.toContain('The entry is not the title and year above');
    await expectImagesDrawn(page, '/master');
    await expectAccessibleBothWays(page, '/master with linked submissions');

    // eXistenZ through the reviewer form: the offers' page made the watch link in one click.
    await existenz.getByRole('link', { name: 'Open in reviewer form' }).click();
    await page.waitForURL('**/master/addfilm/**');
    expect(await titleField(page).inputValue()).toBe('eXistenZ');
    await page.getByText('Apple TV').waitFor();
    await page.getByRole('button', { name: 'Use the offers page as the watch link' }).click();
    expect(await page.getByLabel('Watch Link', { exact: false }).inputValue()).toBe(
      'https://www.themoviedb.org/movie/1946/watch?locale=AU',
    );
    expect(await page.getByLabel("Why is it undervalued? (the member's note)", { exact: false }).inputValue()).toBe(films[0].note);
    await expectAccessibleBothWays(page, 'the reviewer form with a linked entry');
    await page.getByLabel('I have double-checked the film details').check();
    await page.getByRole('button', { name: 'Add Film' }).click();
    await page.getByText(aboutFilm('eXistenZ', '1999', messages.filmAdded)).waitFor();

    // The other two from the queue, in place.
    await page.goto('/master');
    for (const film of films.slice(1)) {
      const item = page.getByRole('article', { name: new RegExp(film.title) });
      await item.getByText('Linked to the film database', { exact: false }).waitFor();
      await item.getByRole('button', { name: 'Add Film' }).click();
      await page.getByText(aboutFilm(film.title, film.year, messages.filmAdded)).waitFor();
      await expect.poll(() => item.count()).toBe(0);
    }
    await context.close();
  }, 180_000);

  it('the film pages show the poster from our origin, the credits, runtime, links out, where to watch and the note; the list rows their posters', async () => {
    const { context, page } = await newPage(browser, { ...PHONE, server });
    const requests = requestsOf(page);
    const origin = new URL(server.url).origin;

    // eXistenZ, named with the note. Its facts and poster are read just after it was added.
    const slug = filmSlug('eXistenZ', 1999);
    await expect
      .poll(
        async () => {
          await page.goto(`/films/${slug}`);
          await page.getByRole('heading', { level: 1, name: 'eXistenZ' }).waitFor();
          return page.locator('img.film-poster').getAttribute('src');
        },
        { timeout: 20_000 },
      )
      .toMatch(/^\/posters\/t[0-9a-f]{24}\.webp$/);
    await page.getByText('Directed by David Cronenberg').waitFor();
    await page.getByText('1h 37m').waitFor();
    const details = page.getByRole('region', { name: 'Details' });
    expect(await details.textContent()).toContain('Jennifer Jason Leigh');
    const elsewhere = page.getByRole('region', { name: 'More about this film' });
    expect(await elsewhere.getByRole('link', { name: 'IMDb' }).getAttribute('href')).toBe('https://www.imdb.com/title/tt0120907/');
    expect(await elsewhere.getByRole('link', { name: 'Letterboxd' }).getAttribute('href')).toBe('https://letterboxd.com/tmdb/1946/');
    expect(await elsewhere.getByRole('link', { name: 'TMDB' }).getAttribute('href')).toBe('https://www.themoviedb.org/movie/1946');
    const watch = page.getByRole('region', { name: 'Where to watch in Australia' });
    expect(await watch.textContent()).toContain('Apple TV');
    expect(await watch.getByRole('link', { name: 'JustWatch' }).getAttribute('href')).toBe('https://www.justwatch.com/');
    const note = page.getByRole('region', { name: 'Why it’s undervalued' });
    expect(await note.textContent()).toContain(films[0].note);
    expect(await note.textContent()).toContain(`Recommended by ${member.username}`);
    await expectImagesDrawn(page, `/films/${slug}`);
    const poster = await page.request.get(`${server.url}${(await page.locator('img.film-poster').getAttribute('src')) ?? ''}`);
    expect(poster.headers()['content-type']).toBe('image/webp');
    await expectAccessibleBothWays(page, `/films/${slug}`);

    // Lake Mungo, whose recommender chose not to be named.
    await page.goto(`/films/${filmSlug('Lake Mungo', 2008)}`);
    const anonymous = page.getByRole('region', { name: 'Why it’s undervalued' });
    await anonymous.waitFor();
    expect(await anonymous.textContent()).toContain(`Recommended by ${messages.recommendedByMember}`);
    expect(await anonymous.textContent()).not.toContain(member.username);

    // The list: each row has its poster.
    await page.goto('/');
    for (const film of films) {
      const search = page.getByLabel('Search by film title');
      await search.fill(film.title);
      const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: film.title }) });
      await row.waitFor();
      const image = row.locator('img').first();
      await image.scrollIntoViewIfNeeded();
      expect(await image.getAttribute('src')).toMatch(/^\/posters\/t[0-9a-f]{24}\.webp\?w=92$/);
      await expect.poll(() => drawnWidth(image)).toBeGreaterThan(0);
    }
    // Not one request left our origin to draw these pages.
    expect(requests.filter((url) => new URL(url).origin !== origin)).toEqual([]);
    await context.close();
  }, 180_000);

  it('with TMDB failing (500) or not answering, the form says so and goes on by hand, with no broken part', async () => {
    const { context, page } = await newPage(browser, { ...PHONE, server });
    await logInThroughPage(page, member);
    await page.goto('/addfilm');
    await page.getByRole('heading', { level: 1, name: 'Add a Film' }).waitFor();

    for (const [failure, film] of [
      [{ kind: 'server-error' }, { typed: 'upstream', title: 'Upstream', year: '2013' }],
      [{ kind: 'hang' }, { typed: 'the long quiet road', title: 'The Long Quiet Road', year: '2011' }],
    ] as const) {
      server.fake.fail(failure);
      await lookUp(page, film.typed);
      await page.getByText(messages.filmDatabaseUnavailable).waitFor({ timeout: 15_000 });
      expect(await page.getByRole('listbox', { name: 'Films in the film database' }).isVisible()).toBe(false);
      await expectImagesDrawn(page, `/addfilm with TMDB ${failure.kind}`);
      if (failure.kind === 'server-error') await expectAccessibleBothWays(page, '/addfilm with the film database unavailable');
      // By hand: the typed title is capitalised as any typed title is.
      expect(await titleField(page).inputValue()).toBe(film.title);
      await page.getByLabel('Year of Release').fill(film.year);
      await page.getByLabel('Logline').fill('Typed in by hand while the film database is away.');
      await page.getByLabel('I have double-checked the film details').check();
      await page.getByRole('button', { name: 'Add Film' }).click();
      await page.getByText(aboutFilm(film.title, film.year, messages.reviewSubmitted)).waitFor();
      server.fake.recover();
      // The client pauses for 10 s after a failure (decision 010): the next case starts after it.
      await page.waitForTimeout(11_000);
    }

    // A linked film's page still has everything it stored.
    server.fake.fail({ kind: 'server-error' });
    await page.goto(`/films/${filmSlug('Brick', 2005)}`);
    await page.getByText('Directed by Rian Johnson').waitFor();
    expect(await page.locator('img.film-poster').getAttribute('src')).toMatch(/^\/posters\/t[0-9a-f]{24}\.webp/);
    await expectImagesDrawn(page, 'a film page with TMDB down');
    server.fake.recover();
    await context.close();
  }, 180_000);
});
