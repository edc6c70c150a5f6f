import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { loginAnswer, type LoginAnswer } from '@filmlist/shared/api/users';
import { baseUrl, verificationLinkFor } from './browser.js';

/** A member of one journey: a unique name per run, since every journey shares the run's server. */
export interface Account {
  username: string;
  email: string;
  password: string;
}

export function newAccount(prefix: string): Account {
  const username = `${prefix}${Date.now()}`;
  return { username, email: `${username}@example.test`, password: 'Amber-Kestrel-Tide-73' };
}

/**
 * A JSON call to the run's server, with a bearer token when given, and from a
 * client address of its own when `from` is given (the run's server trusts
 * X-Forwarded-For from loopback, as behind a proxy).
 */
export function callApi(path: string, options: { method?: string; body?: unknown; token?: string; from?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.from) headers['x-forwarded-for'] = options.from;
  return fetch(`${baseUrl()}${path}`, {
    method: options.method ?? 'GET',
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
}

/**
 * Each account of the run signs up, verifies and logs in through the API from
 * an address of its own, as members do from their own devices: the
 * per-address limits on sign-up, verification and login are for one client,
 * and the journeys of a run are many (the browser's requests all come from
 * loopback).
 */
export function addressOf(account: Pick<Account, 'username'>): string {
  // Derived from the name (unique per run), so every test file agrees on it without shared state.
  let hash = 0;
  for (const char of account.username) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `10.77.${(hash >>> 8) & 255}.${hash & 255 || 1}`;
}

/** Signs the account up through the API. */
export async function register(account: Account): Promise<void> {
  const response = await callApi('/api/users/register', { method: 'POST', body: account, from: addressOf(account) });
  expect(response.status, `register ${account.username}`).toBe(201);
}

/** Signs up and follows the emailed verification link, through the API. */
export async function registerVerified(account: Account): Promise<void> {
  await register(account);
  const token = (await verificationLinkFor(account.email)).split('/').pop() ?? '';
  const verified = await callApi(`/api/users/verification/${token}`, { from: addressOf(account) });
  expect(verified.status, `verify ${account.username}`).toBe(200);
}

/** Logs in through the API, for the calls a journey makes on the member's behalf. */
export async function logInApi(account: Pick<Account, 'username' | 'password'>): Promise<LoginAnswer> {
  const response = await callApi('/api/users/login', {
    method: 'POST',
    body: { username: account.username, password: account.password },
    from: addressOf(account),
  });
  expect(response.status, `log in as ${account.username}`).toBe(200);
  return loginAnswer.parse(await response.json());
}

/** Fills the login form and presses Login; where it leads is the journey's to check. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  if (new URL(page.url()).pathname !== '/login') await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Logs in through the page and waits for the dashboard. */
export async function logIn(page: Page, account: Pick<Account, 'username' | 'password'>): Promise<void> {
  await submitLogin(page, account.username, account.password);
  await page.waitForURL('**/dashboard');
}
