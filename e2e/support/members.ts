import type { Page } from 'playwright-core';
import { z } from 'zod';
import type { LoginAnswer } from '@filmlist/shared/api/users';
import { callServer, logInThroughApi, logInThroughPage, signUp, signUpVerified, type Account, type CallOptions } from './accounts.js';
import { runServer } from './browser.js';

/** A member of one journey: a unique name per run, since every journey shares the run's server. */
export function newAccount(prefix: string): Account {
  const username = `${prefix}${Date.now()}`;
  return { username, email: `${username}@example.test`, password: 'Amber-Kestrel-Tide-73' };
}

/** A JSON call to the run's server (support/accounts.ts), from a client address of its own when `from` is given. */
export const callApi = (path: string, options: CallOptions = {}): Promise<Response> => callServer(runServer(), path, options);

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
export const register = (account: Account): Promise<void> => signUp(runServer(), account, addressOf(account));

/** Signs up and follows the emailed verification link, through the API. */
export const registerVerified = (account: Account): Promise<void> => signUpVerified(runServer(), account, addressOf(account));

/** Logs in through the API, for the calls a journey makes on the member's behalf. */
export const logInApi = (account: Pick<Account, 'username' | 'password'>): Promise<LoginAnswer> =>
  logInThroughApi(runServer(), account, addressOf(account));

/** Logs in through the page and waits for the dashboard. */
export const logIn = (page: Page, account: Pick<Account, 'username' | 'password'>): Promise<void> => logInThroughPage(page, account);

const watchlistAnswer = z.object({ films: z.array(z.object({ title: z.string() })) });

/** One API session per account for the checks below (an access token lasts 15 minutes, longer than a journey file). */
const sessions = new Map<string, Promise<LoginAnswer>>();
const sessionOf = (account: Pick<Account, 'username' | 'password'>): Promise<LoginAnswer> => {
  const known = sessions.get(account.username) ?? logInApi(account);
  sessions.set(account.username, known);
  return known;
};

/** The titles on the account's watchlist as the server has them, newest first (docs/product.md §Watchlist). */
export async function watchlistTitles(account: Pick<Account, 'username' | 'password'>): Promise<string[]> {
  const session = await sessionOf(account);
  const answer = await callApi('/api/me/watchlist', { token: session.accessToken, from: addressOf(account) });
  if (answer.status !== 200) throw new Error(`GET /api/me/watchlist: ${answer.status} ${await answer.text()}`);
  return watchlistAnswer.parse(await answer.json()).films.map((film) => film.title);
}
