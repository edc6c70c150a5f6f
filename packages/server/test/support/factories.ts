import type { FastifyInstance } from 'fastify';
import { filmSlug } from '@filmlist/shared/slug';
import { films, users } from '../../src/db/schema.js';
import { hashPassword } from '../../src/modules/auth/passwords.js';
import { filmsRepository } from '../../src/modules/films/repository.js';
import { submissionsRepository, type SubmissionRow } from '../../src/modules/submissions/repository.js';
import type { FilmRow } from '../../src/modules/films/presenter.js';
import { usersRepository } from '../../src/modules/users/repository.js';
import { reviewerEmail, TEST_REVIEWERS } from './test-app.js';
import { titleKeys, usernameKeys } from '../../src/lib/identity.js';
import { MEMBER_PASSWORD, unique } from './names.js';

export { MEMBER_PASSWORD, unique };

let passwordHash: Promise<string> | undefined;

export interface TestMember {
  userId: number;
  username: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
  sessionId: string;
  /** headers for a bearer call */
  auth: { authorization: string };
}

/** A verified member with a live session, made directly in the database (argon2 runs once per file). */
export async function createMember(
  app: FastifyInstance,
  options: { username?: string; email?: string; verified?: boolean } = {},
): Promise<TestMember> {
  const hash = await (passwordHash ??= hashPassword(MEMBER_PASSWORD));
  const username = options.username ?? unique('member');
  const email = options.email ?? `${username}@example.com`;
  const users = usersRepository(app.db);
  const now = app.clock.now();
  const row = await app.db.transaction(async (tx) => {
    const inserted = await users.insert(tx, { username, email, passwordHash: hash }, now);
    if (options.verified === false) return inserted;
    return (await users.update(tx, inserted.userId, { verified: true })) ?? inserted;
  });
  const session = await app.sessions.create(row.userId, now);
  const access = await app.accessTokens.sign({ userId: row.userId, sessionId: session.sessionId }, now);
  return {
    userId: row.userId,
    username,
    email,
    password: MEMBER_PASSWORD,
    accessToken: access.token,
    refreshToken: session.refreshToken,
    sessionId: session.sessionId,
    auth: { authorization: `Bearer ${access.token}` },
  };
}

/** The member signed in again now, on the app's clock: a test that moves the clock past an access token's life. */
export async function signInAgain(app: FastifyInstance, member: TestMember): Promise<TestMember> {
  const now = app.clock.now();
  const session = await app.sessions.create(member.userId, now);
  const access = await app.accessTokens.sign({ userId: member.userId, sessionId: session.sessionId }, now);
  return {
    ...member,
    accessToken: access.token,
    refreshToken: session.refreshToken,
    sessionId: session.sessionId,
    auth: { authorization: `Bearer ${access.token}` },
  };
}

const reviewersMade = new WeakMap<FastifyInstance, number>();

/** A member who has verified an address in REVIEWERS of the test configuration. */
export async function createReviewer(app: FastifyInstance): Promise<TestMember> {
  const index = reviewersMade.get(app) ?? 0;
  const username = TEST_REVIEWERS[index];
  if (!username) throw new Error('the test configuration names no more reviewers');
  reviewersMade.set(app, index + 1);
  return createMember(app, { username, email: reviewerEmail(username) });
}

/** A film on the list, with its counters at zero. */
export async function createFilm(
  app: FastifyInstance,
  options: { title?: string; releaseYear?: number; description?: string; watchLink?: string | null } = {},
): Promise<FilmRow> {
  const repo = filmsRepository(app.db);
  const row = await repo.insert(
    app.db,
    {
      title: options.title ?? unique('Film '),
      releaseYear: options.releaseYear ?? 2001,
      description: options.description ?? 'A quiet film about a loud family.',
      watchLink: options.watchLink === undefined ? null : options.watchLink,
      addedBy: null,
    },
    app.clock.now(),
  );
  app.filmListCache.invalidate();
  return row;
}

/** A pending submission by `member`, made directly in the database (no reviewer mail), now on the app's clock. */
export async function createSubmission(
  app: FastifyInstance,
  member: Pick<TestMember, 'userId'>,
  options: {
    title?: string;
    releaseYear?: number;
    description?: string;
    tmdbId?: number | null;
    note?: string | null;
    noteNamed?: boolean;
  } = {},
): Promise<SubmissionRow> {
  return submissionsRepository(app.db).insert(
    app.db,
    {
      title: options.title ?? unique('Submitted film '),
      releaseYear: options.releaseYear ?? 1999,
      description: options.description ?? 'A quiet film about a loud family.',
      userId: member.userId,
      tmdbId: options.tmdbId ?? null,
      note: options.note ?? null,
      noteNamed: options.noteNamed ?? false,
    },
    app.clock.now(),
  );
}

/** Many films at once, added now with their counters at zero: one multi-row insert per thousand. Returns their ids. */
export async function createFilms(app: FastifyInstance, count: number, prefix = unique('Bulk film ')): Promise<number[]> {
  const now = app.clock.now();
  const ids: number[] = [];
  const BATCH = 1000;
  for (let start = 0; start < count; start += BATCH) {
    const values = Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => {
      const title = `${prefix}n${start + i}`;
      return {
        title,
        ...titleKeys(title),
        releaseYear: 2001,
        description: 'A quiet film about a loud family.',
        slug: filmSlug(title, 2001),
        createdAt: now,
      };
    });
    ids.push(...(await app.db.insert(films).values(values).returning({ filmId: films.filmId })).map((row) => row.filmId));
  }
  app.filmListCache.invalidate();
  return ids;
}

/**
 * Many verified members at once, for load and concurrency tests: one
 * multi-row insert with a single precomputed argon2 hash, then a session and
 * an access token each through the server's own sessions repository and
 * token signer (no sign-up, so no argon2 per member).
 */
export async function createMembers(app: FastifyInstance, count: number, prefix = unique('bulk')): Promise<TestMember[]> {
  const hash = await (passwordHash ??= hashPassword(MEMBER_PASSWORD));
  const now = app.clock.now();
  const rows: Array<{ userId: number; username: string; email: string }> = [];
  const BATCH = 500;
  for (let start = 0; start < count; start += BATCH) {
    const values = Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => {
      const username = `${prefix}n${start + i}`;
      return { username, ...usernameKeys(username), email: `${username}@example.com`, passwordHash: hash, verified: true, createdAt: now };
    });
    rows.push(
      ...(await app.db.insert(users).values(values).returning({ userId: users.userId, username: users.username, email: users.email })),
    );
  }
  const members: TestMember[] = [];
  for (const row of rows) {
    const session = await app.sessions.create(row.userId, now);
    const access = await app.accessTokens.sign({ userId: row.userId, sessionId: session.sessionId }, now);
    members.push({
      ...row,
      password: MEMBER_PASSWORD,
      accessToken: access.token,
      refreshToken: session.refreshToken,
      sessionId: session.sessionId,
      auth: { authorization: `Bearer ${access.token}` },
    });
  }
  return members;
}
