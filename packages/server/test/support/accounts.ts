import { addFilmAnswer } from '@filmlist/shared/api/films';
import { loginAnswer, registerAnswer } from '@filmlist/shared/api/users';
import { call, freshLoopbackAddress, waitFor } from './http.js';
import { verificationTokenIn, type Mailbox } from './smtp.js';

export const PASSWORD = 'a long unusual passphrase 42';

/** A verified, signed-in member of a running server, with the loopback address it calls from. */
export interface Member {
  userId: number;
  username: string;
  email: string;
  token: string;
  from: string;
}

let sequence = 0;
/** A username no other test of this process uses. */
export const uniqueName = (prefix: string) => `${prefix}${process.pid.toString(36)}x${(++sequence).toString(36)}`;

/** Sign-up through the API; resolves with the new user's id. */
export async function register(baseUrl: string, username: string, from: string): Promise<number> {
  const answer = await call(baseUrl, '/api/users/register', {
    body: { username, email: `${username}@example.com`, password: PASSWORD },
    from,
  });
  if (answer.status !== 201) throw new Error(`sign-up of ${username} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return registerAnswer.parse(answer.body).user_id;
}

/**
 * The whole journey of a new member over HTTP: sign-up, the verification link
 * from the mail the server sent, then login. Each member calls from its own
 * loopback address, so per-address rate limits do not add up across members.
 */
export async function joinAsMember(baseUrl: string, mailbox: Mailbox, username = uniqueName('m')): Promise<Member> {
  const from = freshLoopbackAddress();
  const email = `${username}@example.com`;
  await register(baseUrl, username, from);
  let token: string | undefined;
  await waitFor(`verification mail to ${email}`, 15_000, () => (token = verificationTokenIn(mailbox(), email)) !== undefined);
  const verified = await call(baseUrl, `/api/users/verification/${token ?? ''}`, { from });
  if (verified.status !== 200) throw new Error(`verification of ${username} answered ${verified.status}`);
  const login = await call(baseUrl, '/api/users/login', { body: { username, password: PASSWORD }, from });
  if (login.status !== 200) throw new Error(`login of ${username} answered ${login.status}`);
  const session = loginAnswer.parse(login.body);
  return { userId: session.user.user_id, username, email, token: session.accessToken, from };
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
