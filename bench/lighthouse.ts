import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { z } from 'zod';
import { initialJavaScript } from './initial-js.js';
import { fmt, median } from './lib.js';
import { measureInteractions, type InteractionFigures } from './page-interactions.js';
import { CHROME_FLAGS, CHROMIUM, startPageServer } from './page-server.js';
import { buildWhatShips } from './setup.js';
import { describeFirstView, measureFirstView } from './first-view.js';
import { benchDatabaseUrl, page } from './config.js';

/**
 * npm run bench:page: the production build of the web app served by the real
 * server, measured as a visitor's browser sees it.
 *   1. Lighthouse (mobile form factor, default simulated throttling) on / with
 *      1,000 films: the median of LIGHTHOUSE_RUNS runs (3), and the posters each load asked for.
 *   2. With 10,000 films: main-thread work per interaction while typing in the
 *      search box and switching filters, and keystroke-to-painted latency of
 *      search by prefix (page-interactions.ts).
 *   3. The first view (first-view.ts): when the first row of the list is
 *      painted, and with its poster, next to FCP and LCP, the bytes before
 *      each and the posters the first screen asks for, on / at 30, 1,000 and 10,000 films and
 *      on /dashboard for a member with 3,333 answers, unthrottled and on Slow
 *      4G with a 4x slower CPU.
 * PAGE_PHASES picks some of first-view, lighthouse and interactions.
 */
const LIGHTHOUSE_FILMS = page.lighthouseFilms;
const LIGHTHOUSE_RUNS = page.lighthouseRuns;
const INTERACTION_FILMS = page.interactionFilms;
const PHASES = page.phases;
const FIRST_VIEW_SIZES = page.firstViewSizes;
const FIRST_VIEW_RUNS = page.firstViewRuns;

export interface Row {
  figure: string;
  value: string;
  how: string;
}

const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;

export interface LighthouseFigures {
  scores: number[];
  /** metric id to its value in each run (ms, CLS unitless) */
  metrics: Map<string, number[]>;
  /** audits below 0.9 in the last run, with their display value: where the score goes */
  weak: string[];
  lcpElement: string;
  /** per run: the poster requests of the load (docs/product.md §Posters) and their bytes */
  posterRequests: number[];
  posterBytes: number[];
}

/** Lighthouse's list of the load's requests, as far as the posters are counted from it. */
const networkRequests = z.object({ items: z.array(z.object({ url: z.string(), transferSize: z.number().optional() })) });

/** The posters a load asked for: every request under /posters/ on the page's origin. */
function postersOf(details: unknown, origin: string): { requests: number; bytes: number } {
  const parsed = networkRequests.safeParse(details);
  if (!parsed.success) return { requests: Number.NaN, bytes: Number.NaN };
  const posters = parsed.data.items.filter((item) => {
    const url = new URL(item.url);
    return url.origin === origin && url.pathname.startsWith('/posters/');
  });
  return { requests: posters.length, bytes: posters.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) };
}

/** Lighthouse's Node API on a Chromium launched with this machine's flags, one page load per run. */
export async function runLighthouse(url: string, runs: number): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...CHROME_FLAGS] });
  const figures: LighthouseFigures = { scores: [], metrics: new Map(), weak: [], lcpElement: '', posterRequests: [], posterBytes: [] };
  try {
    // One load first, not counted: the first run after Chromium starts pays for its cold start.
    await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    let failures = 0;
    for (let run = 0; run < runs; run += 1) {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      if (!result) throw new Error('Lighthouse returned no result');
      const { lhr } = result;
      // LIGHTHOUSE_REPORT_DIR keeps each run's report (open it at https://googlechrome.github.io/lighthouse/viewer/).
      if (page.lighthouseReportDir) writeFileSync(path.join(page.lighthouseReportDir, `lighthouse-${run + 1}.json`), JSON.stringify(lhr));
      if (lhr.runtimeError) {
        // A trace Chromium did not finish (NO_NAVSTART and the like) happens now and then on a busy machine: run again.
        failures += 1;
        if (failures > 3) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        console.log(`  Lighthouse run ${run + 1} failed (${lhr.runtimeError.code}); running it again`);
        run -= 1;
        continue;
      }
      const score = lhr.categories.performance?.score;
      if (typeof score !== 'number') throw new Error('Lighthouse gave no performance score');
      figures.scores.push(Math.round(score * 100));
      for (const [id] of METRICS) {
        const value = lhr.audits[id]?.numericValue;
        if (typeof value === 'number') figures.metrics.set(id, [...(figures.metrics.get(id) ?? []), value]);
      }
      const posters = postersOf(lhr.audits['network-requests']?.details, new URL(url).origin);
      figures.posterRequests.push(posters.requests);
      figures.posterBytes.push(posters.bytes);
      console.log(
        `  Lighthouse run ${run + 1}: performance ${Math.round(score * 100)}, ${METRICS.map(([id, name]) => `${name} ${show(id, lhr.audits[id]?.numericValue ?? Number.NaN)}`).join(', ')}`,
      );
      figures.weak = Object.values(lhr.audits)
        .filter((audit) => typeof audit.score === 'number' && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
        .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
      const lcp = lhr.audits['largest-contentful-paint-element']?.details;
      figures.lcpElement = lcp
        ? (JSON.stringify(lcp)
            .match(/"snippet":"((?:[^"\\]|\\.)*)"/)?.[1]
            ?.slice(0, 120) ?? '')
        : '';
    }
  } finally {
    chrome.kill();
  }
  return figures;
}

function show(id: string, value: number): string {
  return id === 'cumulative-layout-shift' ? fmt(value, 3) : `${fmt(value, 0)} ms`;
}

function lighthouseRows(figures: LighthouseFigures, films: number): Row[] {
  const runs = figures.scores.length;
  return [
    {
      figure: `Lighthouse performance, / with ${films.toLocaleString('en-US')} films`,
      value: `${median(figures.scores)} (runs: ${figures.scores.join(', ')})`,
      how: `median of ${runs} Lighthouse 12 runs after one not counted, mobile, simulated throttling (Slow 4G, 4x CPU), production build (target: at least 95)`,
    },
    {
      figure: 'Lighthouse metrics',
      value: METRICS.map(([id, name]) => `${name} ${show(id, median(figures.metrics.get(id) ?? []))}`).join(', '),
      how: `each the median of the ${runs} runs`,
    },
    {
      figure: 'Lighthouse load: posters asked for',
      value: `${median(figures.posterRequests)} requests, ${fmt(median(figures.posterBytes) / 1024, 1)} KiB (runs: ${figures.posterRequests.join(', ')})`,
      how: `requests under /posters/ in Lighthouse's network-requests audit of each run (the first screen at 412x823 and what lazy loading fetches near it, nothing scrolled), median of the ${runs} runs`,
    },
  ];
}

/** Event Timing reports durations from 16 ms up: 0 means under that. */
const eventMs = (ms: number) => (ms < 16 ? 'under 16 ms' : `${fmt(ms, 0)} ms`);

function interactionRows(figures: InteractionFigures, films: number): Row[] {
  const n = films.toLocaleString('en-US');
  const rows: Row[] = [];
  for (const kind of figures.kinds) {
    rows.push({
      figure: `Main-thread work, ${kind.label} (${n} films)`,
      value:
        `CPU median ${fmt(kind.work.median)} ms, max ${fmt(kind.work.max)} ms, ${kind.under50} of ${kind.work.count} under 50 ms ` +
        `(style ${fmt(kind.style)}, layout ${fmt(kind.layout)}, paint ${fmt(kind.paint)}); wall median ${fmt(kind.wall.median)} ms; ` +
        `Event Timing median ${eventMs(kind.inp.median)}, max ${eventMs(kind.inp.max)}`,
      how: kind.how,
    });
  }
  for (const latency of figures.latency) {
    rows.push({
      figure: `Search by prefix, ${latency.letters}-letter prefix (${n} films)`,
      value: `median ${fmt(latency.median)} ms, p95 ${fmt(latency.p95)} ms (${latency.count} keystrokes, median ${latency.matches} rows matching)`,
      how: 'keydown timestamp to the first frame painted after the filtered rows are in the DOM, in the page',
    });
  }
  return rows;
}

/**
 * Builds the web app, then measures Lighthouse and the interactions against
 * the real server on freshly seeded databases; `npm run bench` calls it last.
 */
export async function pageRows(step: (text: string) => void): Promise<Row[]> {
  step('page: building what ships (npm run build)');
  buildWhatShips();
  const js = initialJavaScript();
  const rows: Row[] = [
    {
      figure: 'Initial JavaScript of /',
      value: `${fmt(js.totalGzip / 1024)} KiB gzipped`,
      how: `${js.files.length} files: the entry, the home page chunk and their static imports, gzip -9 (target: at most 100 KB)`,
    },
  ];
  if (PHASES.includes('first-view')) {
    for (const films of FIRST_VIEW_SIZES) {
      step(`page: seeding ${films.toLocaleString('en-US')} films for the first view`);
      const page = await startPageServer(films);
      try {
        const paths: ('/' | '/dashboard')[] = films === Math.max(...FIRST_VIEW_SIZES) ? ['/', '/dashboard'] : ['/'];
        for (const path of paths) {
          for (const condition of ['none', 'slow4g'] as const) {
            const view = await measureFirstView(page.server.url, path, condition, FIRST_VIEW_RUNS);
            const label = `${path} at ${films.toLocaleString('en-US')} films, ${condition === 'none' ? 'no throttling' : 'Slow 4G and 4x CPU'}`;
            console.log(`  ${label}: ${describeFirstView(view)}`);
            rows.push({
              figure: `First view, ${label}`,
              value: describeFirstView(view),
              how: `median of ${FIRST_VIEW_RUNS} fresh loads (no cache) at 390x844 in Chromium after one not counted${path === '/dashboard' ? ', signed in as a member with 3,333 answers' : ''}; list visible: the frame after the #1 film's title entered the page (a MutationObserver and requestAnimationFrame added before the page's scripts); first row with its poster: the frame after that row's poster loaded; posters asked for: resource entries under /posters/ once the page settled, nothing scrolled`,
            });
          }
        }
      } finally {
        await page.stop();
      }
    }
  }
  if (PHASES.includes('lighthouse')) {
    step(`page: seeding ${LIGHTHOUSE_FILMS.toLocaleString('en-US')} films for Lighthouse`);
    const page = await startPageServer(LIGHTHOUSE_FILMS);
    try {
      step(`page: ${LIGHTHOUSE_RUNS} Lighthouse runs on ${page.server.url}/`);
      const figures = await runLighthouse(`${page.server.url}/`, LIGHTHOUSE_RUNS);
      rows.push(...lighthouseRows(figures, LIGHTHOUSE_FILMS));
      console.log(`  LCP element: ${figures.lcpElement || 'unknown'}`);
      if (figures.weak.length) console.log(`  audits below 0.9 in the last run: ${figures.weak.join('; ')}`);
    } finally {
      await page.stop();
    }
  }
  if (PHASES.includes('interactions')) {
    step(`page: seeding ${INTERACTION_FILMS.toLocaleString('en-US')} films for typing and filters`);
    const page = await startPageServer(INTERACTION_FILMS);
    try {
      step('page: typing and filters in Chromium');
      rows.push(...interactionRows(await measureInteractions(page.server.url, (text) => console.log(`  ${text}`)), INTERACTION_FILMS));
    } finally {
      await page.stop();
    }
  }
  return rows;
}

async function main(): Promise<void> {
  const started = Date.now();
  const step = (text: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${text}`);
  console.log(
    `The Film List page bench: ${os.cpus().length} cores, Node ${process.version}, ${benchDatabaseUrl ? 'PostgreSQL' : 'embedded PGlite'}, ${CHROMIUM}`,
  );
  const rows = await pageRows(step);
  console.log('\n| figure | value | how it was measured |\n|---|---|---|');
  for (const row of rows) console.log(`| ${row.figure} | ${row.value} | ${row.how} |`);
  console.log(`\nTotal time ${((Date.now() - started) / 1000).toFixed(0)} s.`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
