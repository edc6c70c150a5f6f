import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { z } from 'zod';
import { filmList } from '@filmlist/shared/api/films';
import { messages } from '@filmlist/shared/messages';
import { loginAnswer } from '@filmlist/shared/api/users';
import { median } from './lib.js';
import { PAGE_PASSWORD } from './page-seed.js';
import { CHROME_FLAGS, CHROMIUM } from './page-server.js';
import { page } from './config.js';

/**
 * Typing in the search box and switching the filters, measured in Debian's
 * Chromium through playwright-core with real input events (CDP
 * Input.dispatchKeyEvent / dispatchMouseEvent, as a keyboard and mouse send).
 *
 * Per interaction, two figures:
 * - main-thread work: from a Chromium trace, the time the renderer's main
 *   thread spent in top-level tasks from the task that handled the input
 *   until the page was quiet again (no DOM change for QUIET_MS after the frame
 *   that showed the last one): event handlers, React's render and commit,
 *   style, layout, paint, and any deferred work the input caused;
 * - the Event Timing duration (what INP takes): input to the next frame
 *   presented, reported by the browser only from 16 ms up.
 * And for search by prefix, the latency from the keydown's timestamp to the
 * first frame painted after the filtered rows are in the DOM.
 */

const QUIET_MS = 150;
/** Title prefixes of the seeded films (page-seed.ts): typed letter by letter, lower case. */
const PREFIXES = [
  'sil',
  'sum',
  'nig',
  'los',
  'bro',
  'cri',
  'gol',
  'hid',
  'mid',
  'qui',
  'riv',
  'win',
  'the',
  'dar',
  'fal',
  'ten',
  'und',
  'wil',
  'pap',
  'iro',
];
/**
 * Typed where the title rule finds fewer than FEW_MATCHES films, so the list looks for "Titles containing"
 * the text in every title (docs/product.md §Search): from "ha", "au" and "bru" on, no seeded title starts
 * with them. "harbour" is inside many titles, so the scan ends early at its eighth; "harbour of glass" is
 * inside 40 of 10,000 and "autumn" in a band of them further down; "bruges" in none, so every title is
 * looked at, then the no-match message shows.
 */
const CONTAINING = ['harbour of glass', 'autumn', 'bruges'];
/** The web app's threshold (list-logic.ts FEW_MATCHES): fewer prefix matches than this and the contains scan runs. */
const FEW_MATCHES = 3;
const FILTER_BUTTONS = ['Not Rated', 'Not Mentioned', 'Not Heard Before', 'All Films'];
const FILTER_ROUNDS = 6;

/** Runs in the page before its scripts: records input, DOM changes, frames and Event Timing entries. */
const INSTRUMENT = `(() => {
  const state = { i: -1, inputAt: 0, changedAt: 0, paintedAt: 0, events: [] };
  const afterPaint = (i) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      if (state.i !== i) return;
      state.paintedAt = performance.now();
      performance.mark('bench-paint-' + i);
    };
    channel.port2.postMessage(null);
  });
  const changed = () => {
    if (state.i < 0 || !state.inputAt) return;
    state.changedAt = performance.now();
    afterPaint(state.i);
  };
  const onInput = (event) => {
    if (state.i < 0 || state.inputAt) return;
    state.inputAt = event.timeStamp;
    performance.mark('bench-in-' + state.i);
  };
  addEventListener('keydown', onInput, { capture: true });
  addEventListener('pointerdown', onInput, { capture: true });
  // Bubbling to the document comes after React's listener on #root: an input that changes no DOM node still gets its frame.
  document.addEventListener('input', changed);
  new MutationObserver(changed).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.interactionId) state.events.push({ name: e.name, start: e.startTime, duration: e.duration });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: false });
  window.__bench = {
    begin(i) {
      Object.assign(state, { i, inputAt: 0, changedAt: 0, paintedAt: 0, events: [] });
    },
    settle(quietMs) {
      return new Promise((resolve) => {
        const check = () => {
          const last = Math.max(state.inputAt, state.changedAt, state.paintedAt);
          if (state.inputAt && state.paintedAt >= state.changedAt && performance.now() - last >= quietMs) {
            performance.mark('bench-settled-' + state.i);
            const events = state.events.filter((e) => e.start >= state.inputAt - 1);
            resolve({
              inputAt: state.inputAt,
              paintedAt: state.paintedAt || state.changedAt,
              eventDuration: events.reduce((max, e) => Math.max(max, e.duration), 0),
            });
          } else setTimeout(check, 25);
        };
        setTimeout(check, 25);
      });
    },
  };
})();`;

const settled = z.object({ inputAt: z.number(), paintedAt: z.number(), eventDuration: z.number() });

const traceSchema = z.object({
  traceEvents: z.array(
    z.object({
      name: z.string(),
      ph: z.string(),
      ts: z.number().optional(),
      dur: z.number().optional(),
      tdur: z.number().optional(),
      pid: z.number().optional(),
      tid: z.number().optional(),
    }),
  ),
});

interface Sample {
  kind: string;
  /** ms from the keydown (or pointerdown) to the frame after the last DOM change */
  latency: number;
  /** Event Timing duration; 0 when under the 16 ms reporting threshold */
  eventDuration: number;
  /** filled from the trace */
  work: Work;
  letters?: number;
  matches?: number;
}

export interface Stats {
  median: number;
  p95: number;
  max: number;
  count: number;
}

export interface InteractionFigures {
  cpuThrottle: number;
  kinds: Array<{
    label: string;
    how: string;
    work: Stats;
    wall: Stats;
    inp: Stats;
    style: number;
    layout: number;
    paint: number;
    under50: number;
  }>;
  latency: Array<{ letters: number; median: number; p95: number; count: number; matches: number }>;
}

function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
  return { median: median(values), p95, max: sorted.at(-1) ?? 0, count: values.length };
}

export interface Work {
  /** CPU time of the renderer's main thread in the window, ms: what the interaction cost, whatever else the machine runs */
  cpu: number;
  /** wall-clock time the main thread was busy in the window, ms (longer than cpu when other processes take the cores) */
  wall: number;
  /** CPU time in style recalculation, layout, and pre-paint/paint/layerize/commit */
  style: number;
  layout: number;
  paint: number;
}

const EMPTY_WORK: Work = { cpu: 0, wall: 0, style: 0, layout: 0, paint: 0 };
const PAINT_EVENTS = new Set(['PrePaint', 'Paint', 'Layerize', 'Commit', 'UpdateLayer', 'CompositeLayers']);
export const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'];

/**
 * For each interaction i, the main thread's top-level tasks from the one that
 * handled the input (it holds the bench-in-i mark) to the bench-settled-i mark.
 */
function mainThreadWork(traceJson: string, count: number): Work[] {
  const { traceEvents } = traceSchema.parse(JSON.parse(traceJson));
  const marks = new Map<string, { ts: number; tid: number; pid: number }>();
  for (const e of traceEvents) {
    if (e.name.startsWith('bench-') && e.ts !== undefined && e.tid !== undefined && e.pid !== undefined)
      marks.set(e.name, { ts: e.ts, tid: e.tid, pid: e.pid });
  }
  const main = marks.get('bench-in-0');
  if (!main) throw new Error('no input marks in the trace');
  const onMain = traceEvents.filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid && e.ts !== undefined);
  // Top-level tasks (Chromium names each twice, RunTask and ThreadControllerImpl::RunTask, one inside the other).
  const taskName = onMain.some((e) => e.name === 'RunTask') ? 'RunTask' : 'ThreadControllerImpl::RunTask';
  const tasks = onMain.filter((e) => e.name === taskName).sort((x, y) => (x.ts ?? 0) - (y.ts ?? 0));
  const results: Work[] = [];
  for (let i = 0; i < count; i += 1) {
    const start = marks.get(`bench-in-${i}`);
    const end = marks.get(`bench-settled-${i}`);
    if (!start || !end) throw new Error(`interaction ${i} has no marks in the trace`);
    const from = tasks.find((t) => (t.ts ?? 0) <= start.ts && start.ts <= (t.ts ?? 0) + (t.dur ?? 0))?.ts ?? start.ts;
    const inWindow = (e: { ts?: number | undefined }) => (e.ts ?? 0) >= from && (e.ts ?? 0) <= end.ts;
    const cpuOf = (e: { dur?: number | undefined; tdur?: number | undefined }) => (e.tdur ?? e.dur ?? 0) / 1000;
    const sum = (events: typeof onMain) => events.reduce((total, e) => total + cpuOf(e), 0);
    const inside = tasks.filter(inWindow);
    const named = (names: (name: string) => boolean) => sum(onMain.filter((e) => names(e.name) && inWindow(e)));
    results.push({
      cpu: sum(inside),
      wall: inside.reduce((total, e) => total + Math.min(e.dur ?? 0, end.ts - (e.ts ?? 0)), 0) / 1000,
      style: named((n) => n === 'UpdateLayoutTree'),
      layout: named((n) => n === 'Layout'),
      paint: named((n) => PAINT_EVENTS.has(n)),
    });
  }
  return results;
}

/** The trace as text, also written to PAGE_TRACE_DIR when set (open it in DevTools' Performance panel). */
function keepTrace(name: string, trace: Buffer): string {
  const dir = page.traceDir;
  if (dir) writeFileSync(path.join(dir, `${name}.json`), trace);
  return trace.toString();
}

async function measure(page: Page, index: number, kind: string, act: () => Promise<void>): Promise<Sample> {
  await page.evaluate(`window.__bench.begin(${index})`);
  await act();
  const result = settled.parse(await page.evaluate(`window.__bench.settle(${QUIET_MS})`));
  return { kind, latency: result.paintedAt - result.inputAt, eventDuration: result.eventDuration, work: EMPTY_WORK };
}

async function firstTitle(page: Page): Promise<string> {
  return (
    (await page
      .locator('.film-table tbody tr th')
      .first()
      .textContent({ timeout: 2_000 })
      .catch(() => '')) ?? ''
  );
}

/** The seeded titles (plain ASCII words) as the list folds them for that search: lower case, no leading article, letters and digits only. */
const fold = (text: string) =>
  text
    .toLowerCase()
    .trim()
    .replace(/^(the|a|an)\s+/, '')
    .replace(/[^a-z0-9]+/g, '');

/** What the list shows once the title rule finds few: the titles containing the text, or the no-match message. */
async function expectContaining(page: Page, text: string, expected: number): Promise<void> {
  if (expected === 0) {
    await page.getByText(messages.searchNoMatch).waitFor({ timeout: 5_000 });
    return;
  }
  const found = page.locator('.containing li');
  await found.first().waitFor({ timeout: 5_000 });
  const titles = await found.allTextContents();
  if (!titles.every((title) => fold(title).includes(fold(text))))
    throw new Error(`"Titles containing '${text}'" lists ${titles.join(', ')}`);
}

async function openPage(browser: Browser, url: string, throttle: number, session?: z.infer<typeof loginAnswer>) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error));
  await page.addInitScript({ content: INSTRUMENT });
  if (session) {
    await page.goto(new URL('/about', url).toString());
    await page.evaluate(
      `(() => { const s = ${JSON.stringify(session)}; localStorage.setItem('accessToken', s.accessToken); localStorage.setItem('accessTokenExpiration', String(s.accessTokenExpiration)); localStorage.setItem('refreshToken', s.refreshToken); localStorage.setItem('user', JSON.stringify(s.user)); })()`,
    );
  }
  await page.goto(url);
  await page.locator('.film-table tbody tr th').first().waitFor({ timeout: 60_000 });
  if (throttle > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  }
  return { context, page };
}

/** Types the prefixes on / (visitor) and switches the filters on /dashboard (a member with votes). */
export async function measureInteractions(base: string, log: (text: string) => void): Promise<InteractionFigures> {
  const throttle = page.cpuThrottle;
  const list = filmList.parse(await (await fetch(`${base}/api/films/allfilms`)).json()).films;
  const matching = (prefix: string) => list.filter((f) => f.title.toLowerCase().startsWith(prefix)).length;
  const containing = (text: string) => list.filter((f) => fold(f.title).includes(fold(text))).length;
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROME_FLAGS });
  const samples: Sample[] = [];
  try {
    // Search on the public home page.
    {
      const { context, page } = await openPage(browser, `${base}/`, throttle);
      const search = page.getByLabel('Search by film title');
      await search.focus();
      const typed: Sample[] = [];
      await browser.startTracing(page, { categories: TRACE_CATEGORIES });
      // The first prefix warms the JIT and is not counted.
      for (const [p, prefix] of ['bla', ...PREFIXES].entries()) {
        for (let letters = 1; letters <= prefix.length; letters += 1) {
          const key = prefix[letters - 1] ?? '';
          const sample = await measure(page, typed.length, 'keystroke', () => page.keyboard.press(key));
          const title = (await firstTitle(page)).toLowerCase();
          const want = prefix.slice(0, letters);
          if (!title.startsWith(want)) throw new Error(`after typing "${want}" the first row is "${title}"`);
          typed.push({ ...sample, letters, matches: matching(want), ...(p === 0 ? { kind: 'warm-up' } : {}) });
        }
        await page.keyboard.press('Control+A');
        await page.waitForTimeout(100);
        typed.push({
          ...(await measure(page, typed.length, 'clear', () => page.keyboard.press('Backspace'))),
          ...(p === 0 ? { kind: 'warm-up' } : {}),
        });
        if ((await search.inputValue()) !== '') throw new Error('the search box did not clear');
      }
      // Then words the title rule finds few or none of: the scan for titles containing them.
      for (const word of CONTAINING) {
        for (let letters = 1; letters <= word.length; letters += 1) {
          const want = word.slice(0, letters);
          const sample = await measure(page, typed.length, 'keystroke', () => page.keyboard.press(word[letters - 1] ?? ''));
          const scanned = matching(want) < FEW_MATCHES;
          if (scanned) await expectContaining(page, want, containing(want));
          else if (!(await firstTitle(page)).toLowerCase().startsWith(want))
            throw new Error(`after typing "${want}" the rows do not start with it`);
          // The letters before the scan are prefixes like those above: left out, so those figures stay as they were.
          typed.push({ ...sample, letters, matches: matching(want), kind: scanned ? 'containing' : 'lead-in' });
        }
        await page.keyboard.press('Control+A');
        await page.waitForTimeout(100);
        typed.push({ ...(await measure(page, typed.length, 'clear', () => page.keyboard.press('Backspace'))), kind: 'lead-in' });
        if ((await search.inputValue()) !== '') throw new Error('the search box did not clear');
      }
      const work = mainThreadWork(keepTrace('typing', await browser.stopTracing()), typed.length);
      typed.forEach((sample, i) => samples.push({ ...sample, work: work[i] ?? { ...EMPTY_WORK, cpu: Number.NaN } }));
      await context.close();
      log(
        `typed ${PREFIXES.length} prefixes of 3 letters on / (plus one warm-up), then ${CONTAINING.map((w) => `"${w}"`).join(', ')}, clearing after each`,
      );
    }
    // Filters on the member's dashboard.
    {
      const login = await fetch(`${base}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'bench1', password: PAGE_PASSWORD }),
      });
      if (!login.ok) throw new Error(`login answered ${login.status}`);
      const session = loginAnswer.parse(await login.json());
      const { context, page } = await openPage(browser, `${base}/dashboard`, throttle, session);
      await page.getByRole('button', { name: 'Not Rated' }).and(page.locator(':enabled')).waitFor();
      const clicks: Sample[] = [];
      await browser.startTracing(page, { categories: TRACE_CATEGORIES });
      for (let round = 0; round <= FILTER_ROUNDS; round += 1) {
        for (const name of FILTER_BUTTONS) {
          const button = page.getByRole('button', { name, exact: true });
          const sample = await measure(page, clicks.length, 'filter', () => button.click());
          if ((await button.getAttribute('aria-pressed')) !== 'true') throw new Error(`${name} is not pressed after the click`);
          clicks.push(round === 0 ? { ...sample, kind: 'warm-up' } : sample);
        }
      }
      const work = mainThreadWork(keepTrace('filters', await browser.stopTracing()), clicks.length);
      clicks.forEach((sample, i) => samples.push({ ...sample, work: work[i] ?? { ...EMPTY_WORK, cpu: Number.NaN } }));
      await context.close();
      log(`switched the 4 filters ${FILTER_ROUNDS} times on /dashboard (plus one warm-up round)`);
    }
  } finally {
    await browser.close();
  }

  const throttled = throttle > 1 ? `, CPU throttled ${throttle}x` : '';
  const how = (what: string) =>
    `${what}${throttled}; the renderer main thread's top-level tasks in a Chromium trace, from the task that took the input until the page is quiet (${QUIET_MS} ms without change); Event Timing as INP reads it (reported from 16 ms)`;
  const labels: Record<string, string> = {
    keystroke: 'a keystroke in the search box',
    containing: "a keystroke that looks for 'Titles containing' it",
    clear: 'clearing the search box',
    filter: 'switching a filter',
  };
  const hows: Record<string, string> = {
    keystroke: how(`${PREFIXES.length} three-letter prefixes typed key by key on / at 1280x900`),
    containing: how(
      `the letters of ${CONTAINING.map((w) => `"${w}"`).join(', ')} from the first the title rule finds fewer than ${FEW_MATCHES} films for: every title is scanned for the text (to its 8th find)`,
    ),
    clear: how('Backspace over the selected prefix: back to all films'),
    filter: how(`each of the 4 filter buttons clicked ${FILTER_ROUNDS} times on /dashboard, member with about 3,300 answers`),
  };
  const kinds = ['keystroke', 'containing', 'clear', 'filter'].map((kind) => {
    const of = samples.filter((s) => s.kind === kind);
    return {
      label: labels[kind] ?? kind,
      how: hows[kind] ?? '',
      work: stats(of.map((s) => s.work.cpu)),
      wall: stats(of.map((s) => s.work.wall)),
      inp: stats(of.map((s) => s.eventDuration)),
      style: median(of.map((s) => s.work.style)),
      layout: median(of.map((s) => s.work.layout)),
      paint: median(of.map((s) => s.work.paint)),
      under50: of.filter((s) => s.work.cpu < 50).length,
    };
  });
  const latency = [1, 2, 3].map((letters) => {
    const of = samples.filter((s) => s.kind === 'keystroke' && s.letters === letters);
    const s = stats(of.map((x) => x.latency));
    return { letters, median: s.median, p95: s.p95, count: s.count, matches: median(of.map((x) => x.matches ?? 0)) };
  });
  for (const k of kinds) {
    log(
      `${k.label}: main-thread CPU median ${k.work.median.toFixed(1)} ms (style ${k.style.toFixed(1)}, layout ${k.layout.toFixed(1)}, paint ${k.paint.toFixed(1)}), ` +
        `max ${k.work.max.toFixed(1)} ms; wall median ${k.wall.median.toFixed(1)} ms, max ${k.wall.max.toFixed(1)} ms; Event Timing median ${k.inp.median.toFixed(0)}, max ${k.inp.max.toFixed(0)} ms`,
    );
  }
  for (const l of latency)
    log(`${l.letters}-letter prefix: median ${l.median.toFixed(1)} ms, p95 ${l.p95.toFixed(1)} ms, ~${l.matches} films match`);
  return { cpuThrottle: throttle, kinds, latency };
}
