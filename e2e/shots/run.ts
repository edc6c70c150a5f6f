import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startServer } from '@filmlist/server/test/server-process';
import { buildWhatShips } from '../../bench/setup.js';
import { CHROME_FLAGS, CHROMIUM, screenshotOptions } from '../support/config.js';
import { describeGeometry, listGeometry } from '../support/geometry.js';
import { logInThroughPage, type Account, type RunServer } from '../support/accounts.js';
import { giveHistory, verifiedAccount } from './accounts.js';
import { SCREENS, type Role, type Screen } from './screens.js';

/**
 * `npm run shots`: every screen of the app, as visitor, member and reviewer, at
 * a phone's and a laptop's size, in light and dark, as PNG files in the folder
 * it prints (SHOTS_DIR, or a new one under the system's temporary folder).
 * It builds what ships (BENCH_SKIP_BUILD=1 reuses the last build) and starts
 * it on a fresh embedded database with the demo catalogue. SHOTS_ONLY=regex
 * takes only the screens whose name matches.
 */
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
const SCHEMES = ['light', 'dark'] as const;
const SCREEN_TIMEOUT_MS = 15_000;

const stamp = Date.now();
const member: Account = { username: `maria${stamp}`, email: `maria${stamp}@example.test`, password: 'Amber-Kestrel-Tide-73' };
const reviewer: Account = { username: `rita${stamp}`, email: `rita${stamp}@reviewers.example.test`, password: 'Lantern-Corvid-8421' };

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no result within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

interface Shooter {
  folder: string;
  failures: string[];
  geometry: string[];
}

async function shoot(shooter: Shooter, page: Page, screen: Screen, label: string, index: number): Promise<void> {
  const file = path.join(shooter.folder, label, `${String(index).padStart(2, '0')}-${screen.role}-${screen.name}.png`);
  try {
    await withTimeout(screen.show(page), SCREEN_TIMEOUT_MS, `${label} ${screen.name}`);
    await page.evaluate('document.fonts.ready');
  } catch (error) {
    shooter.failures.push(
      `${label} ${screen.role} ${screen.name}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    );
  }
  await page.screenshot({ path: file, fullPage: screen.fullPage ?? false, animations: 'disabled' }).catch((error: unknown) => {
    shooter.failures.push(`${label} ${screen.name}: no screenshot (${String(error)})`);
  });
  if (
    (screen.name === 'home' || screen.name === 'dashboard') &&
    !shooter.failures.some((f) => f.includes(`${label} ${screen.role} ${screen.name}:`))
  ) {
    shooter.geometry.push(`${label} ${screen.name}: ${describeGeometry(await listGeometry(page))}`);
  }
}

async function roleContext(
  browser: Browser,
  baseURL: string,
  size: (typeof SIZES)[number],
  scheme: (typeof SCHEMES)[number],
  role: Role,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: size.width, height: size.height }, colorScheme: scheme });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  // Outside links answer locally: the shots never leave the machine.
  await context.route(/^https:\/\/(www\.youtube\.com|www\.justwatch\.com|www\.facebook\.com|x\.com)\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>outside</title>' }),
  );
  const page = await context.newPage();
  if (role === 'member') await logInThroughPage(page, member);
  if (role === 'reviewer') await logInThroughPage(page, reviewer);
  return { context, page };
}

async function main(): Promise<void> {
  const only = screenshotOptions.only;
  const screens = SCREENS.filter((screen) => !only || only.test(screen.name));
  const folder = screenshotOptions.dir ? path.resolve(screenshotOptions.dir) : mkdtempSync(path.join(tmpdir(), 'filmlist-shots-'));
  console.log('Building what ships...');
  buildWhatShips();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'filmlist-shots-data-'));
  const server = await startServer({ DATA_DIR: dataDir, REVIEWERS: reviewer.email, SEED_DEMO: 'true', LOG_LEVEL: 'warn' }, 60_000, {
    built: true,
  });
  const baseURL = server.url.replace('127.0.0.1', 'localhost');
  const shots: RunServer = { url: baseURL, outbox: path.join(dataDir, 'outbox') };
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROME_FLAGS });
  const shooter: Shooter = { folder, failures: [], geometry: [] };
  try {
    await giveHistory(shots, await verifiedAccount(shots, member));
    await verifiedAccount(shots, reviewer);
    for (const scheme of SCHEMES) {
      for (const size of SIZES) {
        const label = `${size.name}-${scheme}`;
        mkdirSync(path.join(folder, label), { recursive: true });
        for (const role of ['visitor', 'member', 'reviewer'] as const) {
          const mine = screens.filter((screen) => screen.role === role);
          if (mine.length === 0) continue;
          const { context, page } = await roleContext(browser, baseURL, size, scheme, role);
          for (const screen of mine) {
            // A visitor's screens each start on a fresh page; a member's stay in one (see go()).
            const target = role === 'visitor' ? await context.newPage() : page;
            // A dialog the last screen left open closes first.
            if (role !== 'visitor') await page.keyboard.press('Escape');
            await shoot(shooter, target, screen, label, SCREENS.indexOf(screen));
            if (role === 'visitor') await target.close();
            else await page.unrouteAll({ behavior: 'ignoreErrors' });
          }
          await context.close();
        }
        console.log(`  ${label}: done`);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  for (const line of shooter.geometry) console.log(line);
  for (const line of shooter.failures) console.log(`FAILED ${line}`);
  console.log(`\nScreenshots: ${folder}`);
}

await main();
