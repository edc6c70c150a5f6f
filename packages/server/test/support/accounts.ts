import { addFilmAnswer } from '@filmlist/shared/api/films';
import { loginAnswer, registerAnswer } from '@filmlist/shared/api/users';
import { call, freshClientAddress, waitFor } from './http.js';
import { verificationToken } from './queued-mail.js';
import { verificationTokenIn, type Mailbox } from './smtp.js';
import { MEMBER_PASSWORD, unique } from './names.js';
import type { TestApp } from './test-app.js';

/** A server process running on its own, and the mail it has sent. */
export interface RunningServer {
  url: string;
  mailbox: Mailbox;
}

/** Someone who has signed up through the API, with the client address they call from. */
export interface Account {
  userId: number;
  username: string;
  email: string;
  password: string;
  from: string;
}

/** A verified, signed-in member. */
export interface Member extends Account {
  token: string;
  refreshToken: string;
}

export interface SignUpOptions {
  username?: string;
  /** `${username}@example.com` unless given */
  email?: string;
  password?: string;
  /** the client address every call comes from; a fresh one unless given */
  from?: string;
}

type Send = (method: 'GET' | 'POST', path: string, body?: object) => Promise<{ status: number; body: unknown }>;

/** Calls to the app in this process (Fastify inject), or to a running server over HTTP, from one client address. */
function sender(server: TestApp | RunningServer, from: string): Send {
  if ('url' in server) return (method, path, body) => call(server.url, path, { method, body, from });
  return async (method, path, body) => {
    const res = await server.app.inject({ method, url: path, payload: body, remoteAddress: from });
    return { status: res.statusCode, body: res.body ? res.json<unknown>() : undefined };
  };
}

/** The token of the verification link mailed to `email`: from the outbox table in process, from the mailbox otherwise. */
async function verificationLink(server: TestApp | RunningServer, email: string): Promise<string> {
  if (!('url' in server)) return verificationToken(server.app, email);
  let token: string | undefined;
  await waitFor(`verification mail to ${email}`, 15_000, () => (token = verificationTokenIn(server.mailbox(), email)) !== undefined);
  return token ?? '';
}

/**
 * The one way a test signs someone up through the API: sign-up, then (unless `until` stops
 * earlier) the verification link from the mail the server sent, then login. Each account calls
 * from its own client address unless `from` is given, so per-address limits do not add up
 * across accounts. Throws when a step is not answered as it should be.
 */
export async function signUp(
  server: TestApp | RunningServer,
  options: SignUpOptions & { until: 'registered' | 'verified' },
): Promise<Account>;
export async function signUp(server: TestApp | RunningServer, options?: SignUpOptions & { until?: 'signed-in' }): Promise<Member>;
export async function signUp(
  server: TestApp | RunningServer,
  options: SignUpOptions & { until?: 'registered' | 'verified' | 'signed-in' } = {},
): Promise<Account | Member> {
  const username = options.username ?? unique('m');
  const email = options.email ?? `${username}@example.com`;
  const password = options.password ?? MEMBER_PASSWORD;
  const from = options.from ?? freshClientAddress();
  const send = sender(server, from);
  const registered = await send('POST', '/api/users/register', { username, email, password });
  if (registered.status !== 201)
    throw new Error(`sign-up of ${username} answered ${registered.status}: ${JSON.stringify(registered.body)}`);
  const account: Account = { userId: registerAnswer.parse(registered.body).user_id, username, email, password, from };
  if (options.until === 'registered') return account;
  const verified = await send('GET', `/api/users/verification/${await verificationLink(server, email)}`);
  if (verified.status !== 200) throw new Error(`verification of ${username} answered ${verified.status}`);
  if (options.until === 'verified') return account;
  const login = await send('POST', '/api/users/login', { username, password });
  if (login.status !== 200) throw new Error(`login of ${username} answered ${login.status}`);
  const session = loginAnswer.parse(login.body);
  return { ...account, token: session.accessToken, refreshToken: session.refreshToken };
}

/** A film put on the list directly by a reviewer; resolves with its id. */
export async function addFilm(baseUrl: string, reviewer: Member, title: string, year: number): Promise<number> {
  const answer = await call(baseUrl, '/api/films/addfilm', {
    body: { title, release_year: String(year), description: 'A film added by the reliability tests.' },
    token: reviewer.token,
    from: reviewer.from,
  });
  if (answer.status !== 200) throw new Error(`addfilm answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return addFilmAnswer.parse(answer.body).film.film_id;
}

/** Runs `task` over `items` with at most `limit` at a time, keeping the order of results. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      const item = items[index];
      if (item !== undefined) results[index] = await task(item, index);
    }
  });
  await Promise.all(runners);
  return results;
}
