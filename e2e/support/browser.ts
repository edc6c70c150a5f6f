import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { CHROME_FLAGS, CHROMIUM } from './config.js';
import type { RunServer } from './accounts.js';
import { linkInOutbox, type MailRoute } from './outbox.js';

export { CHROMIUM } from './config.js';

/** Debian's Chromium, headless, with the network-quiet flags this machine needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROME_FLAGS,
  });
}

export const baseUrl = (): string => inject('baseUrl');

/** The run's server: its address and its outbox. */
export const runServer = (): RunServer => ({ url: baseUrl(), outbox: path.join(inject('e2eDataDir'), 'outbox') });

/**
 * A fresh context (its own storage) at a phone or desktop size (1280x800 unless told), in a colour
 * scheme when told, with clipboard access, on the run's server or (`server`) a server a journey
 * started itself.
 */
export async function newPage(
  browser: Browser,
  options: { width?: number; height?: number; server?: RunServer; touch?: boolean; colorScheme?: 'light' | 'dark' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const origin = options.server?.url ?? baseUrl();
  const context = await browser.newContext({
    baseURL: origin,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    ...(options.colorScheme ? { colorScheme: options.colorScheme } : {}),
    // A phone's touch screen: a coarse pointer, and no hover.
    ...(options.touch ? { hasTouch: true, isMobile: true } : {}),
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  return { context, page };
}

/**
 * axe (WCAG 2.2 AA rules) finds no serious or critical violation on the page as it is now; with `within`
 * (a CSS selector), in that part of it only, when other journeys check the rest.
 */
export async function expectAccessible(page: Page, label: string, within?: string): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  const results = await (within ? builder.include(within) : builder).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `axe on ${label}`).toEqual([]);
}

/**
 * The newest link to /{route}/{token} written to DATA_DIR/outbox for this
 * address, as a path; with `after`, only one newer than that link.
 */
export const mailLinkFor = (email: string, route: MailRoute, options: { after?: string; timeoutMs?: number } = {}): Promise<string> =>
  linkInOutbox(runServer().outbox, email, route, options);

/** The newest verification link written to DATA_DIR/outbox for this address. */
export const verificationLinkFor = (email: string, timeoutMs = 10_000): Promise<string> =>
  mailLinkFor(email, 'verification', { timeoutMs });
