import type { Page } from 'playwright-core';
import { loginAnswer, type LoginAnswer } from '@filmlist/shared/api/users';
import { linkInOutbox } from './outbox.js';

/**
 * How the journeys and the shots make their members: the one way to sign up,
 * follow the verification link and log in. It needs no test runner, so the
 * shots (a plain script) use it as the journeys do (through members.ts).
 */

/** A server of a run: its address and the outbox (DATA_DIR/outbox) its mail is written to. */
export interface RunServer {
  url: string;
  outbox: string;
}

export interface Account {
  username: string;
  email: string;
  password: string;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** an access token, sent as the bearer */
  token?: string;
  /** a client address of its own (the run's server trusts X-Forwarded-For from loopback, as behind a proxy) */
  from?: string;
}

/** A JSON call to the server. */
export function callServer(server: RunServer, path: string, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.from) headers['x-forwarded-for'] = options.from;
  return fetch(`${server.url}${path}`, {
    method: options.method ?? 'GET',
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
}

async function expectStatus(response: Response, status: number, what: string): Promise<void> {
  if (response.status !== status) throw new Error(`${what}: expected ${status}, got ${response.status} ${await response.text()}`);
}

/** Signs the account up through the API (no verification). */
export async function signUp(server: RunServer, account: Account, from?: string): Promise<void> {
  const response = await callServer(server, '/api/users/register', { method: 'POST', body: account, ...(from ? { from } : {}) });
  await expectStatus(response, 201, `register ${account.username}`);
}

/** Signs up and follows the mailed verification link, through the API. */
export async function signUpVerified(server: RunServer, account: Account, from?: string): Promise<void> {
  await signUp(server, account, from);
  const link = await linkInOutbox(server.outbox, account.email, 'verification');
  const verified = await callServer(server, `/api/users${link}`, from ? { from } : {});
  await expectStatus(verified, 200, `verify ${account.username}`);
}

/** Logs in through the API, for the calls made on the member's behalf. */
export async function logInThroughApi(
  server: RunServer,
  account: Pick<Account, 'username' | 'password'>,
  from?: string,
): Promise<LoginAnswer> {
  const response = await callServer(server, '/api/users/login', {
    method: 'POST',
    body: { username: account.username, password: account.password },
    ...(from ? { from } : {}),
  });
  await expectStatus(response, 200, `log in as ${account.username}`);
  return loginAnswer.parse(await response.json());
}

/** Fills the login form and presses Login; where it leads is the caller's to check. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  if (new URL(page.url()).pathname !== '/login') await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Logs in through the page, as a person would, and waits for the dashboard. */
export async function logInThroughPage(page: Page, account: Pick<Account, 'username' | 'password'>): Promise<void> {
  await submitLogin(page, account.username, account.password);
  await page.waitForURL('**/dashboard');
}
