import { filmList, type Film } from '@filmlist/shared/api/films';
import type { LoginAnswer } from '@filmlist/shared/api/users';
import { callServer, logInThroughApi, signUpVerified, type Account, type CallOptions, type RunServer } from '../support/accounts.js';

async function call(server: RunServer, path: string, options: CallOptions = {}): Promise<Response> {
  const response = await callServer(server, path, options);
  if (!response.ok) throw new Error(`${options.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return response;
}

/** Signs up, follows the mailed verification link and logs in, all through the API. */
export async function verifiedAccount(server: RunServer, account: Account): Promise<LoginAnswer> {
  await signUpVerified(server, account);
  return logInThroughApi(server, account);
}

export async function rankedFilms(server: RunServer): Promise<Film[]> {
  return filmList.parse(await (await call(server, '/api/films/allfilms')).json()).films;
}

/**
 * A member with a history: a few answers and ratings (so rows show every
 * state) and a film waiting for review (so the reviewer's queue has one).
 */
export async function giveHistory(server: RunServer, session: LoginAnswer): Promise<void> {
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
