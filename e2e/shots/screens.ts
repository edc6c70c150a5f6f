import type { Page } from 'playwright-core';
import { withoutFirstFilms } from '../support/first-films.js';

export type Role = 'visitor' | 'member' | 'reviewer';

export interface Screen {
  /** the file name's stem */
  name: string;
  role: Role;
  /** gets the page to the screen: navigates, opens, waits */
  show: (page: Page) => Promise<void>;
  /** the whole page, not only the first screen */
  fullPage?: boolean;
}

/**
 * Moves within the app as a link would (no page load): a member's page load
 * refreshes the session, and refreshes are rate limited per account.
 */
export async function go(page: Page, path: string): Promise<void> {
  await page.evaluate(`window.history.pushState(null, '', ${JSON.stringify(path)});
    window.dispatchEvent(new PopStateEvent('popstate'));
    window.scrollTo(0, 0);`);
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor();
const listReady = async (page: Page) => {
  await heading(page, 'The Film List');
  await page.getByRole('rowheader').first().waitFor();
};
const row = (page: Page, title: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title, exact: true }) });
/** The member's buttons are enabled once their votes are in. */
const votesReady = (page: Page) => page.locator('[data-focus-key^="rate-"]:not([disabled])').first().waitFor();
type Step = (page: Page) => Promise<unknown>;
const pause =
  (ms: number): Step =>
  (page) =>
    page.waitForTimeout(ms);
const settle = pause(250);
/** A page load of `path`, then each step. */
const load =
  (path: string, ...steps: Step[]) =>
  async (page: Page) => {
    await page.goto(path);
    for (const step of steps) await step(page);
  };
/** A move within the app to `path`, then each step. */
const move =
  (path: string, ...steps: Step[]) =>
  async (page: Page) => {
    await go(page, path);
    for (const step of steps) await step(page);
  };

/** Fails every request to `path` (a pattern) until the screen is taken. */
const failing = (page: Page, pattern: string, status = 500) =>
  page.route(pattern, (route) =>
    route.fulfill({
      status,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'Something went wrong on our side. Please try again.', code: 'internal' }),
    }),
  );

export const SCREENS: Screen[] = [
  // ---- Visitors ----
  { name: 'home', role: 'visitor', show: load('/', listReady) },
  { name: 'home-full', role: 'visitor', fullPage: true, show: load('/', listReady) },
  {
    name: 'home-menu-open',
    role: 'visitor',
    show: async (page) => {
      await page.goto('/');
      await listReady(page);
      const menu = page.getByRole('button', { name: 'Menu' });
      if (await menu.isVisible()) await menu.click();
    },
  },
  {
    name: 'home-search-no-match',
    role: 'visitor',
    show: async (page) => {
      await page.goto('/');
      await listReady(page);
      await page.getByLabel('Search by film title').pressSequentially('zzz');
      await settle(page);
    },
  },
  {
    name: 'home-share-dialog',
    role: 'visitor',
    show: async (page) => {
      await page.goto('/');
      await listReady(page);
      await row(page, 'Moon').getByRole('button', { name: /Share/ }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'home-load-failed',
    role: 'visitor',
    show: async (page) => {
      await withoutFirstFilms(page);
      await failing(page, '**/api/films/allfilms');
      await page.goto('/');
      await page.getByRole('alert').first().waitFor();
    },
  },
  { name: 'film', role: 'visitor', fullPage: true, show: load('/films/moon-2009', (page) => heading(page, 'Moon'), settle) },
  {
    name: 'film-no-answers',
    role: 'visitor',
    show: async (page) => {
      await page.route('**/api/films/standing*', async (route) => {
        const answer = await route.fetch();
        const body: unknown = await answer.json();
        const standing =
          typeof body === 'object' && body !== null && 'standing' in body && typeof body.standing === 'object' ? body.standing : {};
        const none = { ...standing, N: 0, H: 0, R: 0, S: 0, answers: 0, not_heard_share: null, average_rating: null, score: 0 };
        await route.fulfill({
          response: answer,
          json: { standing: { ...none, ratings_by_value: Array.from({ length: 10 }, (_, i) => ({ rating: i + 1, count: 0 })) } },
        });
      });
      await page.goto('/films/the-iron-giant-1999');
      await heading(page, 'The Iron Giant');
      await settle(page);
    },
  },
  { name: 'film-not-found', role: 'visitor', show: load('/films/no-such-film-1999', (page) => page.getByRole('alert').waitFor()) },
  {
    name: 'film-network-failure',
    role: 'visitor',
    show: async (page) => {
      await page.route('**/api/films/filmdetails*', (route) => route.abort('internetdisconnected'));
      await page.goto('/films/paterson-2016');
      await page.getByRole('alert').first().waitFor();
    },
  },
  { name: 'about', role: 'visitor', fullPage: true, show: load('/about', (page) => heading(page, 'About The Film List')) },
  { name: 'login', role: 'visitor', show: load('/login', (page) => page.getByRole('button', { name: 'Login' }).waitFor()) },
  {
    name: 'login-failed',
    role: 'visitor',
    show: async (page) => {
      await page.goto('/login');
      await page.getByLabel('Username').fill('nobody');
      await page.getByLabel('Password', { exact: true }).fill('wrong-password-1');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByRole('alert').first().waitFor();
    },
  },
  {
    name: 'signup',
    role: 'visitor',
    fullPage: true,
    show: load('/signup', (page) => page.getByRole('button', { name: 'Sign Up' }).waitFor()),
  },
  {
    name: 'signup-errors',
    role: 'visitor',
    show: async (page) => {
      await page.goto('/signup');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await settle(page);
    },
  },
  {
    name: 'verification-failed',
    role: 'visitor',
    show: load('/verification/badtoken', (page) => page.getByText(/Verification failed/).waitFor()),
  },
  { name: 'forgot-password', role: 'visitor', show: load('/forgot-password', settle) },
  { name: 'not-found', role: 'visitor', show: load('/no/such/page', (page) => heading(page, 'Page Not Found')) },

  // ---- Members (one page load, then moves within the app) ----
  { name: 'dashboard', role: 'member', show: move('/dashboard', listReady, votesReady) },
  { name: 'dashboard-full', role: 'member', fullPage: true, show: move('/dashboard', listReady, votesReady) },
  {
    // The rows of films this member has answered or rated, in every state.
    name: 'dashboard-answered-rows',
    role: 'member',
    show: move('/dashboard', listReady, votesReady, (page) => row(page, 'Aftersun').scrollIntoViewIfNeeded(), settle),
  },
  { name: 'dashboard-rated-filter', role: 'member', show: move('/dashboard?filter=rated', listReady, votesReady, settle) },
  {
    name: 'dashboard-menu-open',
    role: 'member',
    show: async (page) => {
      await go(page, '/dashboard');
      await listReady(page);
      const menu = page.getByRole('button', { name: 'Menu' });
      if (await menu.isVisible()) await menu.click();
    },
  },
  {
    name: 'mention-dialog',
    role: 'member',
    show: async (page) => {
      await go(page, '/dashboard');
      await votesReady(page);
      await row(page, 'The Fall').getByRole('button', { name: 'Mention', exact: true }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'rating-dialog',
    role: 'member',
    show: async (page) => {
      await go(page, '/dashboard');
      await votesReady(page);
      await row(page, 'Moon').getByRole('button', { name: /Rate/ }).click();
      await page.getByRole('dialog').waitFor();
      await page.getByRole('radio', { name: '6 stars' }).hover();
    },
  },
  {
    name: 'voted',
    role: 'member',
    show: async (page) => {
      await go(page, '/dashboard');
      await votesReady(page);
      await row(page, 'In Bruges').getByRole('button', { name: /Rate/ }).click();
      // Alternates between 5 and 4, so each run of this screen is a change.
      const now = await page.getByRole('radio', { checked: true }).getAttribute('aria-label');
      await page.getByRole('radio', { name: now === '5 stars' ? '4 stars' : '5 stars' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /You rated/ })
        .first()
        .waitFor({ timeout: 5000 })
        .catch(() => undefined);
      await settle(page);
    },
  },
  {
    name: 'vote-failed',
    role: 'member',
    show: async (page) => {
      await failing(page, '**/api/mentions/mentioned');
      await go(page, '/dashboard');
      await votesReady(page);
      await row(page, 'Gattaca').getByRole('button', { name: 'Mention', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: /^No/ }).click();
      await settle(page);
      await page.waitForTimeout(600);
    },
  },
  {
    name: 'filter-hides-match',
    role: 'member',
    show: move('/dashboard?filter=notRated&q=moon', (page) => page.getByText(/is on The Film List, but not in/).waitFor()),
  },
  { name: 'film-private', role: 'member', fullPage: true, show: move('/films/private/moon-2009', (page) => heading(page, 'Moon'), settle) },
  {
    name: 'film-private-unanswered',
    role: 'member',
    fullPage: true,
    show: move('/films/private/the-fall-2006', (page) => heading(page, 'The Fall'), settle),
  },
  { name: 'film-public-as-member', role: 'member', show: move('/films/paterson-2016', (page) => heading(page, 'Paterson'), settle) },
  {
    name: 'addfilm',
    role: 'member',
    fullPage: true,
    show: move('/addfilm', (page) => page.getByRole('button', { name: 'Add Film' }).waitFor()),
  },
  {
    name: 'addfilm-errors',
    role: 'member',
    show: async (page) => {
      await go(page, '/addfilm');
      await page.getByRole('button', { name: 'Add Film' }).click();
      await settle(page);
    },
  },
  { name: 'my-submissions', role: 'member', show: move('/my-submissions', pause(650)) },
  { name: 'myprofile', role: 'member', fullPage: true, show: move('/myprofile', (page) => heading(page, /Profile/), settle) },
  {
    name: 'delete-account-dialog',
    role: 'member',
    show: async (page) => {
      await go(page, '/myprofile');
      await page.getByRole('button', { name: 'Delete Account' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },

  // ---- Reviewers ----
  { name: 'review-queue', role: 'reviewer', fullPage: true, show: move('/master', pause(750)) },
  {
    name: 'reviewer-form',
    role: 'reviewer',
    fullPage: true,
    show: async (page) => {
      await go(page, '/master');
      await page
        .getByRole('link', { name: /reviewer form/i })
        .first()
        .click();
      await settle(page);
    },
  },
  { name: 'edit-film', role: 'reviewer', fullPage: true, show: move('/master/films/moon-2009/edit', pause(650)) },
];
