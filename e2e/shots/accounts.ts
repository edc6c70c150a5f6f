import type { Page } from 'playwright-core';
import { filmList, type Film } from '@filmlist/shared/api/films';
import { loginAnswer, type LoginAnswer } from '@filmlist/shared/api/users';
import { linkInOutbox } from '../support/outbox.js';

/** The shots' server: its address and the outbox its mail is written to. */
export interface ShotsServer {
  url: string;
  outbox: string;
}

export interface ShotsAccount {
  username: string;
  email: string;
  password: string;
}

async function call(
  server: ShotsServer,
  path: string,
  options: { method?: string; body?: unknown; token?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${server.url}${path}`, {
    method: options.method ?? 'GET',
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  if (!response.ok) throw new Error(`${options.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return response;
}

/** Signs up, follows the mailed verification link and logs in, all through the API. */
export async function verifiedAccount(server: ShotsServer, account: ShotsAccount): Promise<LoginAnswer> {
  await call(server, '/api/users/register', { method: 'POST', body: account });
  const link = await linkInOutbox(server.outbox, account.email, 'verification');
  await call(server, `/api/users${link}`);
  const login = await call(server, '/api/users/login', {
    method: 'POST',
    body: { username: account.username, password: account.password },
  });
  return loginAnswer.parse(await login.json());
}

export async function rankedFilms(server: ShotsServer): Promise<Film[]> {
  return filmList.parse(await (await call(server, '/api/films/allfilms')).json()).films;
}

/**
 * A member with a history: a few answers and ratings (so rows show every
 * state) and a film waiting for review (so the reviewer's queue has one).
 */
export async function giveHistory(server: ShotsServer, session: LoginAnswer): Promise<void> {
  const films = await rankedFilms(server);
  const id = (title: string) => {
    const found = films.find((film) => film.title === title);
    if (!found) throw new Error(`no demo film ${title}`);
    return found.film_id;
  };
  const token = session.accessToken;
  const user_id = session.user.user_id;
  const votes: Array<[path: string, body: Record<string, unknown>]> = [
    ['/api/mentions/mentioned', { film_id: id('Moon'), mentioned: false }],
    ['/api/ratings/rate', { film_id: id('Moon'), rating: 8 }],
    ['/api/mentions/mentioned', { film_id: id('Paterson'), mentioned: true }],
    ['/api/mentions/mentioned', { film_id: id('Aftersun'), mentioned: false }],
    ['/api/ratings/rate', { film_id: id('In Bruges'), rating: 6 }],
  ];
  for (const [path, body] of votes) await call(server, path, { method: 'POST', body: { user_id, ...body }, token });
  await call(server, '/api/films/reviewfilm', {
    method: 'POST',
    body: {
      title: 'Mid-August Lunch',
      release_year: '2008',
      description: 'A cash-strapped man in Rome ends up looking after four elderly ladies over a holiday weekend.',
    },
    token,
  });
}

/** Logs in through the page, as a person would, and waits for the dashboard. */
export async function logInPage(page: Page, account: ShotsAccount): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/dashboard');
}
