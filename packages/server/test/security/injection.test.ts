import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '@filmlist/shared/api/common';
import { addFilmAnswer, checkFilmAnswer, filmBody, filmList, submissionAnswer, submissionList } from '@filmlist/shared/api/films';
import { loginAnswer, profileAnswer, registerAnswer } from '@filmlist/shared/api/users';
import { checkFilmFields } from '@filmlist/shared/film-rules';
import { messages, serverMessages } from '@filmlist/shared/messages';
import { filmSlug } from '@filmlist/shared/slug';
import { films, outbox, users } from '../../src/db/schema.js';
import { createMember, createReviewer, unique, type TestMember } from '../support/factories.js';
import { UnlimitedRateLimitStore } from '../support/rate-limits.js';
import { useTestApp } from '../support/test-app.js';

/**
 * docs/reliability.md, "Hostile and malformed input": SQL and script injection strings are data. Stored as a
 * film title, a logline or an account field, they come back byte for byte,
 * change nothing else in the database, and leave the server's own HTML (film
 * pages, mail) escaped. The browser half is e2e/xss.e2e.ts.
 */

const SQL_INJECTION = [
  `'; DROP TABLE films; --`,
  `Robert'); DROP TABLE users;--`,
  `1' OR '1'='1`,
  `" OR ""="`,
  `admin'--`,
  `1; SELECT pg_sleep(5)`,
  `$$; DELETE FROM ratings; $$`,
  `\\'; TRUNCATE users CASCADE; --`,
  `%' UNION SELECT password_hash FROM users --`,
  `E'\\x27' || chr(39)`,
];

const SCRIPT_INJECTION = [
  `<img src=x onerror=alert(1)>`,
  `<script>alert(document.cookie)</script>`,
  `"><svg onload=alert(1)>`,
  `</title><script>alert(1)</script>`,
  `javascript:alert(1)`,
  `{{constructor.constructor('alert(1)')()}}`,
  `\${alert(1)}<!--`,
  `<iframe srcdoc="<script>alert(1)</script>">`,
  // Replacement patterns of String.prototype.replace: the page template must not read them.
  "Before $` after $' match $& $1",
];

const HOSTILE = [...SQL_INJECTION, ...SCRIPT_INJECTION];

// Two dozen sign-ups from one address exceed the per-address limit; the limits have their own tests.
const t = useTestApp({ app: { rateLimitStore: new UnlimitedRateLimitStore() } });
let member: TestMember;
let rita: TestMember;

beforeAll(async () => {
  rita = await createReviewer(t.app);
  member = await createMember(t.app);
});

const post = (url: string, payload: object, auth?: { authorization: string }) =>
  t.app.inject({ method: 'POST', url, payload, ...(auth ? { headers: auth } : {}) });
const get = (url: string, auth?: { authorization: string }) => t.app.inject({ url, ...(auth ? { headers: auth } : {}) });

const tableCounts = async () => {
  const [row] = await t.app.db
    .select({
      users: sql<number>`(SELECT count(*) FROM users)::int`,
      films: sql<number>`(SELECT count(*) FROM films)::int`,
      submissions: sql<number>`(SELECT count(*) FROM submissions)::int`,
      sessions: sql<number>`(SELECT count(*) FROM sessions)::int`,
      ratings: sql<number>`(SELECT count(*) FROM ratings)::int`,
    })
    .from(sql`(SELECT 1) AS one`);
  return row;
};

/** The HTML the server itself writes must show the text, escaped, and never the markup. */
function expectEscapedIn(html: string, text: string): void {
  if (/[<>"']/.test(text)) expect(html).not.toContain(text);
  expect(html).toContain(text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`));
}

describe('hostile film titles and loglines are stored and shown verbatim', () => {
  it('every string passes the add-film rules (none needs relaxing)', () => {
    const refused = HOSTILE.filter((title) => checkFilmFields({ title, release_year: '1999', description: `Logline ${title}` }) !== null);
    expect(refused).toEqual([]);
  });

  it.each(HOSTILE.map((s, i) => [s, i] as const))(
    '%s: through submission, review queue and approval, and back from every film read',
    async (title, i) => {
      const year = 1960 + i;
      const description = `Logline: ${title}`;
      const before = await tableCounts();

      const submitted = await post('/api/films/reviewfilm', { title, release_year: String(year), description }, member.auth);
      expect(submitted.statusCode).toBe(201);
      expect(submissionAnswer.parse(submitted.json()).film).toMatchObject({ title, description, release_year: year });

      const queue = submissionList.parse((await get('/api/films/submissions', rita.auth)).json());
      expect(queue.submissions.filter((s) => s.title === title)).toMatchObject([{ description, username: member.username }]);

      // The reviewers' mail: the text part carries the title as written, the HTML part escaped. Found by
      // "(year)": a bare year may be part of a test name ("member19767x1").
      const [mail] = await t.app.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.kind, 'review-request'), eq(outbox.recipient, rita.email), sql`${outbox.textBody} LIKE ${`%(${year})%`}`));
      expect(mail?.textBody).toContain(`"${title}" (${year})`);
      expectEscapedIn(mail?.htmlBody ?? '', title);

      const added = await post(
        '/api/films/addfilm',
        { title, release_year: String(year), description, userId: member.userId, watchLink: 'https://watch.example/film' },
        rita.auth,
      );
      expect(added.statusCode).toBe(200);
      const film = addFilmAnswer.parse(added.json()).film;
      expect(film).toMatchObject({ title, description, release_year: year, slug: filmSlug(title, year) });

      const listed = filmList.parse((await get('/api/films/allfilms')).json()).films.find((f) => f.film_id === film.film_id);
      expect(listed).toMatchObject({ title, description });
      const bySlug = await get(`/api/films/filmdetails?slug=${encodeURIComponent(film.slug)}`);
      expect(filmBody.parse(bySlug.json()).film.title).toBe(title);
      const byTitle = await get(`/api/films/filmdetails?title=${encodeURIComponent(title)}&year=${year}`);
      expect(filmBody.parse(byTitle.json()).film.title).toBe(title);
      const exists = await get(`/api/films/checkfilm?title=${encodeURIComponent(title)}&release_year=${year}`);
      expect(checkFilmAnswer.parse(exists.json())).toEqual({ exists: true });
      // No clause smuggled in: the same string with another year matches nothing.
      const elsewhere = await get(`/api/films/filmdetails?title=${encodeURIComponent(title)}&year=1871`);
      expect(elsewhere.statusCode).toBe(404);
      expect(errorBody.parse(elsewhere.json()).error).toBe(messages.filmNotFound);

      // The server-written share preview of the film page escapes it.
      const page = await get(`/films/${encodeURIComponent(film.slug)}`);
      expect(page.statusCode).toBe(200);
      expectEscapedIn(page.body, title);

      const [stored] = await t.app.db
        .select({ title: films.title, description: films.description })
        .from(films)
        .where(eq(films.filmId, film.film_id));
      expect(stored).toEqual({ title, description });
      const after = await tableCounts();
      expect(after).toEqual({ ...before, films: (before?.films ?? 0) + 1, submissions: (before?.submissions ?? 0) + 1 });
    },
  );

  it('a script URL is refused as a watch link', async () => {
    const answer = await post(
      '/api/films/addfilm',
      { title: unique('Linked '), release_year: '2001', description: 'A film.', watchLink: 'javascript:alert(1)' },
      rita.auth,
    );
    expect(answer.statusCode).toBe(400);
    expect(errorBody.parse(answer.json()).error).toBe(messages.watchLinkInvalid);
  });
});

describe('hostile account fields', () => {
  const PASSWORD = 'Orchard-Lantern-Quiet-73';
  const register = (username: string, email: string) => post('/api/users/register', { username, email, password: PASSWORD });

  /**
   * The username rule (letters, digits, dots, dashes, underscores) refuses
   * every injection string before it reaches the database: a finding to
   * report, not a rule to relax.
   */
  it.each(HOSTILE)('the username rule refuses %s with its message and stores nothing', async (username) => {
    const before = await tableCounts();
    const answer = await register(username, `${unique('refused')}@example.com`);
    expect(answer.statusCode).toBe(400);
    const body = errorBody.parse(answer.json());
    expect([messages.usernameInvalid, messages.usernameHasSpaces, messages.usernameTooLong]).toContain(body.error);
    expect(body.fields?.username).toBe(body.error);
    expect(await tableCounts()).toEqual(before);
  });

  it.each([`Robert--DROP_TABLE_users`, `x.--`, `OR_1-1--`, `__proto__`, `constructor`, `users.password_hash`])(
    'a username of the allowed characters that reads as SQL or JavaScript comes back verbatim: %s',
    async (username) => {
      const created = await register(username, `${unique('verbatim')}@example.com`);
      expect(created.statusCode).toBe(201);
      const userId = registerAnswer.parse(created.json()).user_id;
      const profile = await get(`/api/users/profile/${encodeURIComponent(username)}`);
      expect(profileAnswer.parse(profile.json()).user).toMatchObject({ user_id: userId, username });
      const check = await post('/api/users/check', { username });
      expect(check.json()).toEqual({ usernameExists: true, emailExists: false });
    },
  );

  it('an email holding SQL and HTML-significant characters comes back verbatim to its owner; markup is no address', async () => {
    // An address is one addr-spec (docs/product.md §Usernames and emails): '<', '>', '(' and spaces cannot be in it, quotes and '&' can.
    const markup = await register(unique('markup'), `'OR'1'='1'--<img/src=x/onerror=alert(1)>${unique('')}@evil.example`);
    expect(markup.statusCode).toBe(400);
    const username = unique('mailer');
    const email = `'OR'1'='1'--&{x}|${unique('')}@evil.example`;
    const created = await register(username, email);
    expect(created.statusCode).toBe(201);

    const [mail] = await t.app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'verification'), eq(outbox.recipient, email)));
    const token = /\/verification\/([A-Za-z0-9_-]+)/.exec(mail?.textBody ?? '')?.[1] ?? '';
    expect((await get(`/api/users/verification/${token}`)).statusCode).toBe(200);

    const login = await post('/api/users/login', { username, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    const session = loginAnswer.parse(login.json());
    expect(session.user.email).toBe(email);
    const own = await get(`/api/users/profile/${username}`, { authorization: `Bearer ${session.accessToken}` });
    expect(profileAnswer.parse(own.json()).user.email).toBe(email);
    const [stored] = await t.app.db.select({ email: users.email }).from(users).where(eq(users.username, username));
    expect(stored?.email).toBe(email);
  });

  it('a login with SQL in both fields is an ordinary failed login', async () => {
    const before = await tableCounts();
    const answer = await post('/api/users/login', { username: `' OR '1'='1' --`, password: `' OR '1'='1` });
    expect(answer.statusCode).toBe(401);
    expect(errorBody.parse(answer.json()).error).toBe(messages.loginFailed);
    expect(await tableCounts()).toEqual(before);
  });

  it('SQL in a profile lookup finds nobody', async () => {
    for (const name of SQL_INJECTION) {
      const answer = await get(`/api/users/profile/${encodeURIComponent(name)}`);
      expect(answer.statusCode).toBe(404);
      expect(errorBody.parse(answer.json()).error).toBe(serverMessages.userNotFound);
    }
  });
});
