import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { filmList } from '@filmlist/shared/api/films';
import {
  fallExplained,
  mentionQuestion,
  messages,
  saveForLater,
  serverMessages,
  titlesContaining,
  urlCopiedMessage,
} from '@filmlist/shared/messages';
import { SITE_NAME } from '@filmlist/shared/constants';
import { expectAccessible, launchBrowser, newPage } from './support/browser.js';
import { lefts, leftOf } from './support/bidi.js';
import { addressOf, callApi, logIn, logInApi, newAccount, registerVerified, watchlistTitles } from './support/members.js';
import { addFilmAsReviewer } from './support/reviewer.js';

/**
 * A list people come back to, part by part, at 390x844 (a touch phone) and 1280x800, each in the light
 * and the dark colour scheme, with axe in that scheme (docs/product.md §New films, §Search, §Standing,
 * §List rows, §Watchlist, §Film page, §Errors, §Navigation and shell, §Submitting). come-back.e2e.ts
 * follows one member through the shelf, the watchlist and its files; this file checks the rest of the
 * parts in every size and scheme: what a visitor sees first, the forgiving search, the film page's
 * preview, the not-found pages, the rows' one leading action, the dialog's code loaded ahead, a vote
 * that explains a fall, saving from a row, the watchlist from the navigation, right-to-left titles in
 * sentences, a session the server has ended, the danger style and the form's counters.
 */

const SIZES = [
  { name: '390x844', width: 390, height: 844, touch: true, word: 'Phone' },
  { name: '1280x800', width: 1280, height: 800, touch: false, word: 'Desk' },
] as const;
const SCHEMES = [
  { scheme: 'light', word: 'Dawn' },
  { scheme: 'dark', word: 'Dusk' },
] as const;

/** A right-to-left title (The Band's Visit, 2007) on a film of this file's own. */
const BANDS_VISIT = { title: 'ביקור התזמורת', year: 2007 };

/**
 * Two new films per size and scheme with the same answers (one "No", one "Yes"), so the same score: the
 * first is above the second by title alone, and any vote that lowers its score moves it down.
 */
const pairOf = (size: (typeof SIZES)[number], scheme: (typeof SCHEMES)[number]) => ({
  falls: `Quillon ${size.word} ${scheme.word} Alpha`,
  stays: `Quillon ${size.word} ${scheme.word} Beta`,
});

let browser: Browser;
const voters = { no: newAccount('everyno'), yes: newAccount('everyyes') };

/** The film's id on the ranked list, by its title. */
async function filmIdOf(title: string): Promise<number> {
  const films = filmList.parse(await (await callApi('/api/films/allfilms')).json()).films;
  const film = films.find((f) => f.title === title);
  if (!film) throw new Error(`${title} is not on the list`);
  return film.film_id;
}

/** One voter's Heard of Before answer, through the API. */
async function answer(voter: typeof voters.no, filmId: number, heard: boolean): Promise<void> {
  const session = await logInApi(voter);
  const answered = await callApi('/api/mentions/mentioned', {
    method: 'POST',
    token: session.accessToken,
    from: addressOf(voter),
    body: { user_id: session.user.user_id, film_id: filmId, mentioned: heard },
  });
  expect(answered.status, `${voter.username} answers on film ${filmId}`).toBe(201);
}

beforeAll(async () => {
  browser = await launchBrowser();
  await registerVerified(voters.no);
  await registerVerified(voters.yes);
  const add = (title: string, year: number, description: string) =>
    addFilmAsReviewer({ title, release_year: String(year), description }).then((status) => expect([200, 201, 409]).toContain(status));
  await add(BANDS_VISIT.title, BANDS_VISIT.year, 'An Egyptian police band is stranded overnight in a small Israeli desert town.');
  for (const size of SIZES) {
    for (const scheme of SCHEMES) {
      const pair = pairOf(size, scheme);
      for (const title of [pair.falls, pair.stays]) {
        await add(title, 2019, 'A lighthouse keeper and a ferry pilot trade letters across one winter.');
        const filmId = await filmIdOf(title);
        await answer(voters.no, filmId, false);
        await answer(voters.yes, filmId, true);
      }
    }
  }
});
afterAll(async () => {
  await browser.close();
});

const lookOf = z.object({ background: z.string(), color: z.string(), weight: z.number(), border: z.string() });
/** The computed look of the element `selector` finds (scripts are strings: no DOM types here). */
const look = async (page: Page, selector: string) =>
  lookOf.parse(
    await page.evaluate(`(() => {
      const s = getComputedStyle(document.querySelector(${JSON.stringify(selector)}));
      return { background: s.backgroundColor, color: s.color, weight: Number(s.fontWeight), border: s.borderTopStyle + ' ' + s.borderTopColor };
    })()`),
  );

/** The script files the page has asked for so far. */
const scriptsAsked = async (page: Page) =>
  z
    .array(z.string())
    .parse(
      await page.evaluate("performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.endsWith('.js'))"),
    );

for (const size of SIZES) {
  for (const colours of SCHEMES) {
    const { scheme, word } = colours;
    describe(`at ${size.name}, ${scheme}`, () => {
      const pair = pairOf(size, colours);
      const account = newAccount(`every${size.word}${word}`);
      let visitor: { context: BrowserContext; page: Page };
      let member: { context: BrowserContext; page: Page };

      beforeAll(async () => {
        visitor = await newPage(browser, { ...size, colorScheme: scheme });
        await registerVerified(account);
        member = await newPage(browser, { ...size, colorScheme: scheme });
        await logIn(member.page, account);
      });
      afterAll(async () => {
        await visitor.context.close();
        await member.context.close();
      });

      it('a visitor sees the shelf of new films after the first rows, rows that say why each film stands there, and titles and posters that lead to the film', async () => {
        const { page } = visitor;
        await page.goto('/');
        const shelf = page.getByRole('region', { name: messages.newFilmsHeading });
        await shelf.getByRole('link').first().waitFor();
        // The first two films stay on the first screen with the shelf in place.
        const second = await page.locator('.film-table tbody tr').nth(1).boundingBox();
        expect((second?.y ?? Number.POSITIVE_INFINITY) + (second?.height ?? 0)).toBeLessThanOrEqual(size.height);
        // Each answered row says what its share counts and, in a few words, why it is where it is.
        const row = page.locator('.film-table tbody tr').filter({ hasText: pair.stays });
        expect(await row.locator('.standing-line').textContent()).toContain("50% hadn't heard of it");
        expect(await row.locator('.standing-why').textContent()).toBe('2 answers: some knew it');
        // The title and the poster are one link to the film's public page.
        const title = row.locator('a.title-link');
        expect(await title.getAttribute('href')).toMatch(/^\/films\/quillon-/);
        expect(await title.locator('img').count()).toBe(1);
        await expectAccessible(page, `/ at ${size.name}, ${scheme}`, '.list-head, .list-controls, .new-shelf, .film-table');
      });

      it('search forgives: "  fall " finds The Fall as a card among the titles containing it, then keeps the no-match message', async () => {
        const { page } = visitor;
        await page.goto('/');
        await page.locator('.film-table tbody tr th a').first().waitFor();
        await page.getByRole('searchbox').fill('  fall ');
        const containing = page.getByRole('region', { name: titlesContaining('fall') });
        const card = containing.getByRole('link', { name: /^The Fall, 2006/ });
        await card.waitFor();
        const box = await card.boundingBox();
        expect(box?.height ?? 0, 'the card is a tap target').toBeGreaterThanOrEqual(44);
        await page.getByText(messages.searchNoMatch).waitFor();
        await expectAccessible(page, `the titles containing "fall" at ${size.name}, ${scheme}`, '.search-status, .containing');
        await card.click();
        await page.getByRole('heading', { level: 1, name: 'The Fall' }).waitFor();
      });

      it("a film opened from the list shows what the list knew while the page's code is on its way", async () => {
        const { context, page } = await newPage(browser, { ...size, colorScheme: scheme });
        // The page's code (asked for ahead, after the list's first paint, and again on the tap) is held until the preview is checked.
        const held: Route[] = [];
        let released = false;
        await page.route('**/assets/FilmDetailsPage-*.js', (route) => (released ? route.continue() : void held.push(route)));
        await page.goto('/');
        const row = page.locator('.film-table tbody tr').filter({ hasText: pair.stays });
        await row.locator('a.title-link').click();
        const preview = page.locator('article.film-details[aria-busy="true"]');
        await preview.getByRole('heading', { level: 1, name: pair.stays }).waitFor();
        expect(await preview.locator('.film-meta dd').textContent()).toBe('2019');
        expect(await preview.locator('.film-logline dd').textContent()).toContain('lighthouse keeper');
        expect(held.length, "the page's code was held").toBeGreaterThan(0);
        released = true;
        for (const route of held) await route.continue();
        await page
          .getByText(/ of \d+ on The Film List$/)
          .first()
          .waitFor();
        expect(await page.locator('article.film-details[aria-busy="true"]').count()).toBe(0);
        // Without a watch link, the page says so in quiet words with no box, not a dashed button.
        await page.getByText('Link Not Available').waitFor();
        expect((await look(page, '.film-watch .watch-none')).border).toMatch(/^none /);
        await expectAccessible(page, `a film's page at ${size.name}, ${scheme}`);
        await context.close();
      });

      it('unknown paths and films answer 404 with a way on; a failed verification links to Resend verification email', async () => {
        const { page } = visitor;
        expect((await page.goto('/no/such/page'))?.status()).toBe(404);
        await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
        await page.getByRole('search').getByLabel('Search The Film List by title').waitFor();
        await expectAccessible(page, `the not-found page at ${size.name}, ${scheme}`);
        expect((await page.goto('/films/no-such-film-1999'))?.status()).toBe(404);
        await page.getByRole('alert').filter({ hasText: messages.filmNotFound }).waitFor();
        await expectAccessible(page, `an unknown film at ${size.name}, ${scheme}`);
        await page.goto('/verification/badtoken');
        await page.getByText(messages.verificationFailed).waitFor();
        await expectAccessible(page, `a failed verification at ${size.name}, ${scheme}`);
        await page.getByRole('link', { name: 'Resend verification email' }).click();
        await page.waitForURL((url) => url.pathname === '/resend-verification');
        await page.getByRole('button', { name: 'Resend Verification Email' }).waitFor();
      });

      it("a member's rows lead with one action, the rest quieter; the Heard of Before dialog's code is there before the first tap; a vote that moves a film down says why", async () => {
        const { page } = member;
        await page.goto('/dashboard');
        const falls = page.locator('.film-table tbody tr').filter({ hasText: pair.falls });
        const mention = falls.getByRole('button', { name: 'Mention' });
        await falls.locator('[data-focus-key^="mention-"]:not([disabled])').waitFor();
        // One leading action in the row; Rate, Save and Share are there, quieter.
        expect(await falls.locator('.act.lead').count()).toBe(1);
        expect(await falls.locator('.act.lead').textContent()).toBe('Mention');
        const id = await falls.getAttribute('data-film-id');
        const lead = await look(page, `tr[data-film-id="${id}"] .act.lead`);
        const quiet = await look(page, `tr[data-film-id="${id}"] .cell-score .act`);
        const plain = await look(page, `tr[data-film-id="${id}"] .cell-share .act`);
        expect(lead.background, 'the lead is filled, the others not').not.toBe(quiet.background);
        expect(lead.background).not.toBe(plain.background);
        expect(lead.weight).toBeGreaterThan(quiet.weight);
        await expectAccessible(page, `/dashboard's rows at ${size.name}, ${scheme}`, '.film-table');

        // The dialog's code came with the list: the tap asks for no script.
        await expect.poll(async () => (await scriptsAsked(page)).some((name) => /ListDialogs/.test(name))).toBe(true);
        const before = (await scriptsAsked(page)).length;
        await mention.click();
        const dialog = page.getByRole('dialog', { name: mentionQuestion(pair.falls, SITE_NAME) });
        await dialog.waitFor();
        expect((await scriptsAsked(page)).slice(before)).toEqual([]);
        await expectAccessible(page, `the Heard of Before dialog at ${size.name}, ${scheme}`, '[role="dialog"]');

        // "Yes": one more member knew it, so it falls below its twin, and the notice says why films fall.
        await dialog.getByRole('button', { name: messages.mentionAnswerYes }).click();
        const notice = page.locator('.vote-notice');
        await notice.filter({ hasText: fallExplained }).waitFor();
        expect(await notice.textContent()).toContain(`You said you had heard of ${pair.falls}.`);
        const order = await page.locator('.film-table tbody th bdi').allTextContents();
        expect(order.indexOf(pair.falls)).toBeGreaterThan(order.indexOf(pair.stays));

        // "No" on its twin: the notice offers to save the film just discovered.
        const stays = page.locator('.film-table tbody tr').filter({ hasText: pair.stays });
        await stays.getByRole('button', { name: 'Mention' }).click();
        await page
          .getByRole('dialog', { name: mentionQuestion(pair.stays, SITE_NAME) })
          .getByRole('button', { name: messages.mentionAnswerNo })
          .click();
        const offer = page.getByRole('button', { name: saveForLater(pair.stays) });
        await offer.click();
        await page.getByRole('link', { name: messages.savedToWatchlist }).waitFor();
        await expect.poll(() => watchlistTitles(account)).toContain(pair.stays);
      });

      it('saves a film from its row, and finds it through the navigation, with its poster, standing and watch link', async () => {
        const { page } = member;
        await page.goto('/dashboard');
        const row = page.locator('.film-table tbody tr').filter({ has: page.getByRole('link', { name: 'Moon', exact: true }) });
        await row.getByRole('button', { name: 'Save', exact: true }).click();
        await row.getByRole('button', { name: 'Saved', exact: true }).waitFor();
        await expect.poll(() => watchlistTitles(account)).toContain('Moon');
        const menu = page.getByRole('button', { name: 'Menu' });
        if (await menu.isVisible()) await menu.click();
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Watchlist' }).click();
        await page.waitForURL((url) => url.pathname === '/watchlist');
        const item = page.locator('.watchlist-film').filter({ has: page.getByRole('link', { name: 'Moon', exact: true }) });
        await item.waitFor();
        // The poster is drawn (loaded, not a broken image), the standing is said, and the film can be watched.
        const itemId = String(await item.getAttribute('data-film-id'));
        await expect
          .poll(() =>
            page.evaluate(
              `(() => { const i = document.querySelector('.watchlist-film[data-film-id="${itemId}"] img'); return Boolean(i && i.complete && i.naturalWidth > 0); })()`,
            ),
          )
          .toBe(true);
        expect(await item.locator('.watchlist-standing').textContent()).toMatch(/\d+% hadn't heard of it/);
        expect(
          (await item.getByRole('link', { name: /Watch Film/ }).count()) + (await item.getByText('Link Not Available').count()),
          'a Watch Film link, or the quiet words that there is none',
        ).toBe(1);
        expect(await page.locator('.watchlist-film h2 a').allTextContents()).toEqual(['Moon', pair.stays]);
        await expectAccessible(page, `/watchlist at ${size.name}, ${scheme}`);
      });

      it("a film's public page gives a member the votes; a right-to-left title keeps its sentences in order", async () => {
        const { page } = member;
        const slug = `${BANDS_VISIT.title.replace(' ', '-')}-${BANDS_VISIT.year}`;
        await page.goto(`/films/${encodeURIComponent(slug)}`);
        await page.getByRole('heading', { level: 1, name: BANDS_VISIT.title }).waitFor();
        const voting = page.getByRole('region', { name: 'Heard of Before' });
        await voting.getByRole('button', { name: messages.mentionAnswerYes }).waitFor();
        expect(await page.getByRole('button', { name: 'Rate', exact: true }).count()).toBe(1);
        // "Have you heard of ביקור התזמורת before…": the isolated title sits before "before", left to right.
        const question = lefts.parse(await page.evaluate(leftOf('p', ' before visiting')));
        expect(question, 'the question with its isolated title').not.toBeNull();
        expect(question?.title ?? Number.POSITIVE_INFINITY).toBeLessThan(question?.text ?? 0);
        expect(await page.getByText(mentionQuestion(BANDS_VISIT.title, SITE_NAME)).count()).toBe(1);
        await page.getByRole('button', { name: 'Copy URL' }).click();
        await page.getByText(urlCopiedMessage(BANDS_VISIT.title)).waitFor();
        const copied = lefts.parse(await page.evaluate(leftOf('.share-copied', ' URL copied')));
        expect(copied?.title ?? Number.POSITIVE_INFINITY).toBeLessThan(copied?.text ?? 0);
        await expectAccessible(page, `a film's public page for a member at ${size.name}, ${scheme}`);
      });

      it('a member back with a session the server has ended is told why at Login, their name filled in, the list a tap away', async () => {
        const { context, page } = await newPage(browser, { ...size, colorScheme: scheme });
        await page.goto('/about');
        await page.evaluate(`(() => {
          localStorage.setItem('accessToken', 'x.y.z');
          localStorage.setItem('accessTokenExpiration', '1000');
          localStorage.setItem('refreshToken', 'ended-long-ago');
          localStorage.setItem('user', JSON.stringify({ user_id: 1, username: 'returning', verified: true }));
        })()`);
        await page.goto('/');
        await page.waitForURL((url) => url.pathname === '/login');
        const notice = page.locator('.session-ended');
        await notice.getByText(serverMessages.sessionExpired).waitFor();
        expect(await page.getByLabel('Username').inputValue()).toBe('returning');
        await expectAccessible(page, `Login after an ended session at ${size.name}, ${scheme}`);
        await notice.getByRole('link', { name: 'Browse the list without logging in' }).click();
        await page.waitForURL((url) => url.pathname === '/');
        await page.locator('.film-table tbody tr th a').first().waitFor();
        await context.close();
      });

      it('Delete Account looks like danger, not like the update buttons', async () => {
        const { page } = member;
        await page.goto('/myprofile');
        await page.getByRole('button', { name: 'Delete Account' }).waitFor();
        const danger = await look(page, '.danger-zone > button');
        const update = await look(page, '#update-password ~ .actions button');
        expect(`${danger.background} ${danger.color} ${danger.border}`).not.toBe(`${update.background} ${update.color} ${update.border}`);
        expect(danger.background, 'not the primary fill').not.toBe(update.background);
        await expectAccessible(page, `/myprofile at ${size.name}, ${scheme}`);
      });

      it('the add-film form counts characters near a limit, and a length message names the field it is under', async () => {
        const { page } = member;
        await page.goto('/addfilm');
        await page.getByLabel('Film Title').fill('A'.repeat(170));
        await page.getByText('170 of 200 characters').waitFor();
        await page.getByLabel('Year of Release').fill('2001');
        const logline = page.getByLabel('Logline');
        await logline.fill('Long. '.repeat(167).trim());
        await page.getByText('1001 of 1000 characters').waitFor();
        await page.getByLabel('I have double-checked the film details').check();
        await page.getByRole('button', { name: 'Add Film' }).click();
        await page.getByText(messages.loglineTooLong).waitFor();
        expect(await logline.getAttribute('aria-invalid')).toBe('true');
        expect(await page.getByText(messages.descriptionTooLong).count()).toBe(0);
        await expectAccessible(page, `/addfilm with a long logline at ${size.name}, ${scheme}`);
      });
    });
  }
}
