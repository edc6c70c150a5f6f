import type { Page } from 'playwright-core';

/**
 * Serves `/` without the first films the server writes into it (docs/product.md §Loading the list), as a page without them
 * (the dev server's) is: the app then asks for the list, so a failed or slow list load can be shown.
 * The demo list otherwise comes whole inside the page, and no request for it is made.
 */
export async function withoutFirstFilms(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/<script type="application\/json" id="first-films">.*?<\/script>/s, '');
      await route.fulfill({ response, body: html });
    },
  );
}
