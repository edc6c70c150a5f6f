import { chromium, type Browser } from 'playwright-core';
import { z } from 'zod';
import { filmList } from '@filmlist/shared/api/films';
import { loginAnswer } from '@filmlist/shared/api/users';
import { fmt, median } from './lib.js';
import { PAGE_PASSWORD } from './page-seed.js';
import { CHROME_FLAGS, CHROMIUM } from './page-server.js';

/**
 * What a visitor came for (docs/product.md §Loading the list): the time from navigation start to the
 * first frame painted with the first row of the ranked list in it ("list
 * visible"), next to FCP and LCP, the bytes and requests before that frame,
 * with no throttling and on Slow 4G with a 4x slower CPU. Then the posters
 * (docs/product.md §Posters): the frame after the first row's poster has
 * loaded ("first poster"), the bytes and requests before it, and the poster
 * requests the first screen makes before anything is scrolled.
 *
 * The probe, added before any of the page's own scripts: a MutationObserver
 * waits for the #1 film's title to be in the page's main content, and the
 * requestAnimationFrame after it marks the frame that paints it; then the
 * poster in the same row is waited for (its load event) and the frame after
 * marks the first row with its poster.
 */
const PROBE = (firstTitle: string) => `
(() => {
  const seen = { fcp: null, lcp: null, listVisible: null, posterVisible: null, posterless: false };
  window.__firstView = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') seen.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    const last = list.getEntries().at(-1);
    if (last) seen.lcp = last.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const want = ${JSON.stringify(firstTitle)};
  const markPoster = (main) => {
    const title = [...main.querySelectorAll('bdi, a, th, span')].find((element) => element.textContent.trim() === want);
    const row = title && title.closest('tr, [role="row"], li, article');
    const image = row && row.querySelector('img[src*="/posters/"]');
    if (!image) {
      seen.posterless = true;
      return;
    }
    const painted = () => requestAnimationFrame((frame) => { seen.posterVisible = frame; });
    if (image.complete && image.naturalWidth > 0) painted();
    else image.addEventListener('load', painted, { once: true });
  };
  const look = () => {
    const main = document.querySelector('main') || document.body;
    if (seen.listVisible === null && main && main.textContent && main.textContent.includes(want)) {
      observer.disconnect();
      requestAnimationFrame((frame) => {
        seen.listVisible = frame;
        markPoster(main);
      });
      return true;
    }
    return false;
  };
  const observer = new MutationObserver(look);
  observer.observe(document, { childList: true, subtree: true, characterData: true });
  document.addEventListener('DOMContentLoaded', look);
})();`;

const seen = z.object({
  fcp: z.number().nullable(),
  lcp: z.number().nullable(),
  listVisible: z.number().nullable(),
  posterVisible: z.number().nullable(),
  posterless: z.boolean(),
});
const traffic = z.object({ bytes: z.number(), requests: z.number() });
const posterTraffic = z.object({ requests: z.number(), bytes: z.number() });

/** The bytes and requests of the page (its document and every resource) that ended by `at` (ms from navigation start). */
const TRAFFIC_BEFORE = (at: string) => `(() => {
  const at = ${at};
  const nav = performance.getEntriesByType('navigation')[0];
  const early = performance.getEntriesByType('resource').filter((r) => r.responseEnd <= at);
  return { bytes: (nav ? nav.transferSize : 0) + early.reduce((sum, r) => sum + r.transferSize, 0), requests: 1 + early.length };
})()`;

/** Every poster the page has asked for so far (its first screen, when nothing was scrolled), and their bytes. */
const POSTERS_ASKED = `(() => {
  const posters = performance.getEntriesByType('resource').filter((r) => new URL(r.name).pathname.startsWith('/posters/'));
  return { requests: posters.length, bytes: posters.reduce((sum, r) => sum + r.transferSize, 0) };
})()`;

/** Lighthouse's "Slow 4G" as DevTools applies it: 150 ms RTT and 1.6 Mbps, times the observed overhead. */
const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.4746 * 1024 * 1024) / 8,
  uploadThroughput: (0.675 * 1024 * 1024) / 8,
};

export type Condition = 'none' | 'slow4g';

export interface FirstView {
  fcp: number;
  lcp: number;
  listVisible: number;
  bytes: number;
  requests: number;
  /** the frame after the first row's poster loaded; NaN when the row has none */
  posterVisible: number;
  /** the bytes and requests before that frame */
  bytesToPoster: number;
  requestsToPoster: number;
  /** the posters the first screen asked for, nothing scrolled, and their bytes */
  posterRequests: number;
  posterBytes: number;
}

/** One fresh load of `path` in a new context (no cache), as a visitor or as the bench member. */
async function loadOnce(
  browser: Browser,
  base: string,
  path: string,
  condition: Condition,
  firstTitle: string,
  session?: z.infer<typeof loginAnswer>,
): Promise<FirstView> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
  try {
    const page = await context.newPage();
    if (session) {
      await context.addInitScript(
        `localStorage.setItem('accessToken', ${JSON.stringify(session.accessToken)}); localStorage.setItem('accessTokenExpiration', '${session.accessTokenExpiration}'); localStorage.setItem('refreshToken', ${JSON.stringify(session.refreshToken)}); localStorage.setItem('user', ${JSON.stringify(JSON.stringify(session.user))});`,
      );
    }
    await page.addInitScript({ content: PROBE(firstTitle) });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (condition === 'slow4g') {
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    }
    await page.goto(new URL(path, base).toString(), { waitUntil: 'commit' });
    // Polled with evaluate: waitForFunction builds a function from text, which the page's CSP refuses.
    const deadline = Date.now() + 120_000;
    while (
      !(await page.evaluate('Boolean(window.__firstView && window.__firstView.listVisible !== null && window.__firstView.fcp !== null)'))
    ) {
      if (Date.now() > deadline) throw new Error(`the first row of ${path} was not painted within 2 minutes`);
      await page.waitForTimeout(50);
    }
    // LCP settles once the page stops changing what is largest; the first row's poster loads meanwhile.
    await page.waitForTimeout(condition === 'slow4g' ? 1500 : 300);
    for (const stop = Date.now() + 30_000; Date.now() < stop;) {
      if (await page.evaluate('window.__firstView.posterVisible !== null || window.__firstView.posterless')) break;
      await page.waitForTimeout(50);
    }
    const times = seen.parse(await page.evaluate('window.__firstView'));
    const before = traffic.parse(await page.evaluate(TRAFFIC_BEFORE('window.__firstView.listVisible')));
    const toPoster =
      times.posterVisible === null
        ? { bytes: Number.NaN, requests: Number.NaN }
        : traffic.parse(await page.evaluate(TRAFFIC_BEFORE('window.__firstView.posterVisible')));
    const posters = posterTraffic.parse(await page.evaluate(POSTERS_ASKED));
    return {
      fcp: times.fcp ?? Number.NaN,
      lcp: times.lcp ?? Number.NaN,
      listVisible: times.listVisible ?? Number.NaN,
      ...before,
      posterVisible: times.posterVisible ?? Number.NaN,
      bytesToPoster: toPoster.bytes,
      requestsToPoster: toPoster.requests,
      posterRequests: posters.requests,
      posterBytes: posters.bytes,
    };
  } finally {
    await context.close();
  }
}

/** The medians of `runs` fresh loads. */
export async function measureFirstView(base: string, path: '/' | '/dashboard', condition: Condition, runs: number): Promise<FirstView> {
  const list = filmList.parse(await (await fetch(`${base}/api/films/allfilms`)).json()).films;
  const firstTitle = list[0]?.title ?? '';
  // A session of its own for each load: the app refreshes it on load, and a rotated refresh token presented again ends its session.
  let logins = 0;
  const session = async () => {
    if (path !== '/dashboard') return undefined;
    logins += 1;
    const login = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.250.${Math.floor(logins / 250)}.${(logins % 250) + 1}` },
      body: JSON.stringify({ username: 'bench1', password: PAGE_PASSWORD }),
    });
    return loginAnswer.parse(await login.json());
  };
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROME_FLAGS });
  try {
    // One load first, not counted: Chromium's own cold start.
    await loadOnce(browser, base, path, condition, firstTitle, await session());
    const loads: FirstView[] = [];
    for (let run = 0; run < runs; run += 1) loads.push(await loadOnce(browser, base, path, condition, firstTitle, await session()));
    const of = (key: keyof FirstView) => median(loads.map((load) => load[key]));
    return {
      fcp: of('fcp'),
      lcp: of('lcp'),
      listVisible: of('listVisible'),
      bytes: of('bytes'),
      requests: of('requests'),
      posterVisible: of('posterVisible'),
      bytesToPoster: of('bytesToPoster'),
      requestsToPoster: of('requestsToPoster'),
      posterRequests: of('posterRequests'),
      posterBytes: of('posterBytes'),
    };
  } finally {
    await browser.close();
  }
}

export const describeFirstView = (view: FirstView) =>
  `list visible ${fmt(view.listVisible, 0)} ms, FCP ${fmt(view.fcp, 0)} ms (list visible - FCP ${fmt(view.listVisible - view.fcp, 0)} ms, ratio ${fmt(view.listVisible / view.fcp, 2)}), ` +
  `LCP ${fmt(view.lcp, 0)} ms; before the first row: ${fmt(view.bytes / 1024, 1)} KiB in ${view.requests} requests; ` +
  (Number.isNaN(view.posterVisible)
    ? 'the first row has no poster; '
    : `first row with its poster ${fmt(view.posterVisible, 0)} ms, before it: ${fmt(view.bytesToPoster / 1024, 1)} KiB in ${view.requestsToPoster} requests; `) +
  `posters asked for by the first screen: ${view.posterRequests} (${fmt(view.posterBytes / 1024, 1)} KiB)`;
