import { asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  emailTokens,
  filmDatabaseAnswers,
  filmFacts,
  outbox,
  posterFiles,
  posterImages,
  refreshTokens,
  sessions,
  submissions,
  users,
  watchClickDays,
  watchClicks,
} from '../db/schema.js';
import { answerCache } from '../modules/film-database/answer-cache.js';
import { hashToken } from '../lib/secure-token.js';
import { enqueueMail } from '../mail/outbox.js';
import type { MailTransport } from '../mail/transports.js';
import { createOutboxWorker } from '../mail/worker.js';
import { usersRepository } from '../modules/users/repository.js';
import { signUp } from '../../test/support/accounts.js';
import { createFilm, createMember, createSubmission, type TestMember } from '../../test/support/factories.js';
import { freshClientAddress } from '../../test/support/http.js';
import { useTestApp } from '../../test/support/test-app.js';
import { runHousekeeping, startHousekeeping } from './housekeeping.js';

const t = useTestApp();

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** "Now" of every pass below; each row is made at a time relative to it. */
const NOW = new Date('2026-08-01T12:00:00Z');
const at = (time: Date | number) => t.clock.set(typeof time === 'number' ? new Date(NOW.getTime() - time) : time);

/** Mail is delivered at once, so a message's sent time is the time it was queued; mail to stuck@ never goes. */
const transport: MailTransport = {
  deliver: (mail) => (mail.to.startsWith('stuck') ? Promise.reject(new Error('mailbox full')) : Promise.resolve()),
  describe: () => 'test transport',
  close: () => Promise.resolve(),
};
const deliverQueuedMail = () =>
  createOutboxWorker({ db: t.app.db, transport, clock: t.clock, from: 'films@example.test', log: t.app.log }).drain();

async function refresh(refreshToken: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    payload: { refresh: refreshToken },
    remoteAddress: freshClientAddress(),
  });
}

async function logout(member: TestMember) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    headers: member.auth,
    payload: { refresh: member.refreshToken },
    remoteAddress: freshClientAddress(),
  });
  expect(res.statusCode).toBe(200);
}

async function temporaryId(): Promise<string> {
  return (await t.app.inject({ url: '/api/watch/generatetempid', remoteAddress: freshClientAddress() })).json<{ temporaryUserId: string }>()
    .temporaryUserId;
}

async function visitorClick(id: string, filmId: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/watch/click',
    payload: { user_id: id, film_id: filmId },
    remoteAddress: freshClientAddress(),
  });
  expect(res.statusCode).toBe(201);
}

/** The key of every row of the tables housekeeping prunes. */
async function snapshot() {
  const db = t.app.db;
  return {
    users: (await db.select({ k: users.userId }).from(users)).map((r) => r.k),
    sessions: (await db.select({ k: sessions.sessionId }).from(sessions)).map((r) => r.k),
    refreshTokens: (await db.select({ k: refreshTokens.tokenHash }).from(refreshTokens)).map((r) => r.k),
    emailTokens: (await db.select({ k: emailTokens.tokenHash }).from(emailTokens)).map((r) => r.k),
    outbox: (await db.select({ k: outbox.recipient }).from(outbox)).map((r) => r.k),
    watchClicks: (await db.select({ k: watchClicks.clickId }).from(watchClicks)).map((r) => r.k),
    filmDatabaseAnswers: (await db.select({ k: filmDatabaseAnswers.key }).from(filmDatabaseAnswers)).map((r) => r.k),
  };
}
type Snapshot = Awaited<ReturnType<typeof snapshot>>;
const TABLES = ['users', 'sessions', 'refreshTokens', 'emailTokens', 'outbox', 'watchClicks', 'filmDatabaseAnswers'] as const;
const minus = (all: readonly (string | number)[], gone: readonly (string | number)[]) => all.filter((k) => !gone.includes(k)).sort();

const tokensOfSession = async (sessionId: string) =>
  (await t.app.db.select({ k: refreshTokens.tokenHash }).from(refreshTokens).where(eq(refreshTokens.sessionId, sessionId))).map((r) => r.k);
const emailTokensOf = async (userId: number) =>
  (await t.app.db.select({ k: emailTokens.tokenHash }).from(emailTokens).where(eq(emailTokens.userId, userId))).map((r) => r.k);
/** An email-change link, made as the profile update makes it; its stored hash. */
async function emailChangeToken(userId: number, madeAgoMs: number): Promise<string> {
  at(madeAgoMs);
  const repo = usersRepository(t.app.db);
  return hashToken(
    await t.app.db.transaction((tx) => repo.createEmailToken(tx, userId, 'email_change', `new${userId}@example.test`, t.clock.now())),
  );
}

describe('housekeeping', () => {
  let before: Snapshot;
  const expectedGone: Snapshot = {
    users: [],
    sessions: [],
    refreshTokens: [],
    emailTokens: [],
    outbox: [],
    watchClicks: [],
    filmDatabaseAnswers: [],
  };
  let live: TestMember;
  let verifiedLong: number;
  let filmA: number;
  let filmB: number;

  beforeAll(async () => {
    // Sessions are kept 30 days after they expire (30 days after login) or are revoked.
    at(new Date('2026-06-01T12:00:00Z'));
    const expiredLong = await createMember(t.app);
    at(new Date('2026-06-01T13:00:00Z'));
    expect((await refresh(expiredLong.refreshToken)).statusCode).toBe(200);
    expectedGone.sessions.push(expiredLong.sessionId);
    expectedGone.refreshTokens.push(...(await tokensOfSession(expiredLong.sessionId)));
    expect(expectedGone.refreshTokens).toHaveLength(2);
    at(new Date('2026-06-03T12:00:00Z'));
    await createMember(t.app); // expired 29 days before NOW
    at(40 * DAY);
    const revokedLong = await createMember(t.app);
    await logout(revokedLong);
    expectedGone.sessions.push(revokedLong.sessionId);
    expectedGone.refreshTokens.push(...(await tokensOfSession(revokedLong.sessionId)));
    at(20 * DAY);
    await logout(await createMember(t.app)); // revoked 20 days before NOW

    // Email links are kept 7 days after they are used or expire (72 hours after they are made).
    at(12 * DAY);
    const changer = await createMember(t.app);
    expectedGone.emailTokens.push(await emailChangeToken(changer.userId, 11 * DAY)); // expired 8 days ago
    await emailChangeToken(changer.userId, 9 * DAY); // expired 6 days ago
    await emailChangeToken(changer.userId, DAY); // live
    at(9 * DAY);
    verifiedLong = (await signUp(t, { until: 'verified' })).userId;
    await deliverQueuedMail();
    expectedGone.emailTokens.push(...(await emailTokensOf(verifiedLong)));
    at(5 * DAY);
    await signUp(t, { until: 'verified' });
    await deliverQueuedMail();

    // Unverified accounts go 72 hours after sign-up, with their links.
    at(73 * HOUR);
    const unverifiedOld = (await signUp(t, { until: 'registered' })).userId;
    await deliverQueuedMail();
    expectedGone.users.push(unverifiedOld);
    expectedGone.emailTokens.push(...(await emailTokensOf(unverifiedOld)));
    at(71 * HOUR);
    await signUp(t, { until: 'registered' });
    await deliverQueuedMail();

    // Delivered mail goes a day after delivery; mail never delivered stays.
    at(10 * DAY);
    await enqueueMail(t.app.db, { kind: 'test', to: 'stuck@example.test', subject: 's', text: 't', html: 'h' }, t.clock.now());
    await deliverQueuedMail();
    at(23 * HOUR);
    await enqueueMail(t.app.db, { kind: 'test', to: 'recent@example.test', subject: 's', text: 't', html: 'h' }, t.clock.now());
    await deliverQueuedMail();
    const delivered = await t.app.db.select().from(outbox).orderBy(asc(outbox.messageId));
    expectedGone.outbox.push(
      ...delivered.filter((m) => !['stuck@example.test', 'recent@example.test'].includes(m.recipient)).map((m) => m.recipient),
    );
    expect(expectedGone.outbox.length).toBeGreaterThanOrEqual(4);

    // The film database's stored answers go 30 days after they were fetched.
    const answers = answerCache(t.app.db);
    await answers.write('movie:1', { answer: null }, new Date(NOW.getTime() - 31 * DAY), DAY);
    expectedGone.filmDatabaseAnswers.push('movie:1');
    await answers.write('movie:2', { answer: null }, new Date(NOW.getTime() - 29 * DAY), DAY);

    // Raw watch clicks of days more than 7 days back (before 2026-07-25) become daily counts.
    at(new Date('2026-07-24T23:00:00Z'));
    [filmA, filmB] = [(await createFilm(t.app)).filmId, (await createFilm(t.app)).filmId];
    const [first, second] = [await temporaryId(), await temporaryId()];
    await visitorClick(first, filmA);
    await visitorClick(second, filmA);
    await visitorClick(first, filmB);
    const clicker = await createMember(t.app);
    const memberClick = await t.app.inject({
      method: 'POST',
      url: '/api/watch/authclick',
      headers: clicker.auth,
      payload: { user_id: clicker.userId, film_id: filmA },
      remoteAddress: freshClientAddress(),
    });
    expect(memberClick.statusCode).toBe(201);
    expectedGone.watchClicks.push(...(await t.app.db.select({ k: watchClicks.clickId }).from(watchClicks)).map((r) => r.k));
    at(new Date('2026-07-25T00:30:00Z'));
    await visitorClick(first, filmA);

    at(HOUR);
    live = await createMember(t.app);
    at(0);
    before = await snapshot();
  });

  it('removes exactly the rows past their retention, in small batches, and nothing live', async () => {
    const counts = await runHousekeeping({ db: t.app.db, clock: t.clock, batchSize: 2 });
    const after = await snapshot();
    for (const table of TABLES) {
      expect(after[table].slice().sort(), table).toEqual(minus(before[table], expectedGone[table]));
    }
    expect(counts).toEqual({
      unverifiedAccounts: 1,
      refreshTokensOfEndedSessions: 3,
      endedSessions: 2,
      spentEmailTokens: expectedGone.emailTokens.length - 1, // the unverified account's link went with it
      deliveredMail: expectedGone.outbox.length,
      rawWatchClicks: 4,
      filmDatabaseAnswers: 1,
      unusedPosters: 0,
    });

    // What is live still works.
    expect((await refresh(live.refreshToken)).statusCode).toBe(200);
    const [account] = await t.app.db.select().from(users).where(eq(users.userId, verifiedLong));
    expect(account?.verified).toBe(true);
  });

  it('keeps the rolled-up clicks as per-film daily counts, without visitor or member ids', async () => {
    const days = await t.app.db.select().from(watchClickDays).orderBy(asc(watchClickDays.filmId));
    expect(days).toEqual([
      { filmId: filmA, day: '2026-07-24', visitorClicks: 2, memberClicks: 1 },
      { filmId: filmB, day: '2026-07-24', visitorClicks: 1, memberClicks: 0 },
    ]);
    const raw = await t.app.db.select().from(watchClicks);
    expect(raw).toMatchObject([{ filmId: filmA, day: '2026-07-25' }]);
  });

  it('finds nothing to do on a second pass', async () => {
    const counts = await runHousekeeping({ db: t.app.db, clock: t.clock, batchSize: 2 });
    expect(Object.values(counts).every((n) => n === 0)).toBe(true);
  });
});

describe('housekeeping on several instances at once', () => {
  it('removes each row once and counts each click once', async () => {
    at(new Date('2026-08-02T10:00:00Z'));
    const film = (await createFilm(t.app)).filmId;
    const ids = await Promise.all(Array.from({ length: 12 }, () => temporaryId()));
    for (const id of ids) await visitorClick(id, film);
    const stale = await Promise.all(Array.from({ length: 5 }, () => createMember(t.app, { verified: false })));

    at(new Date('2026-08-12T10:00:00Z'));
    // Every raw click and unverified account is past its retention now, those left by the tests above too.
    const rawClicks = (await t.app.db.select().from(watchClicks)).length;
    const unverified = (await t.app.db.select().from(users).where(eq(users.verified, false))).length;
    expect(rawClicks).toBeGreaterThanOrEqual(12);
    expect(unverified).toBeGreaterThanOrEqual(5);
    const passes = await Promise.all([1, 2, 3].map((batchSize) => runHousekeeping({ db: t.app.db, clock: t.clock, batchSize })));
    const total = (kind: 'rawWatchClicks' | 'unverifiedAccounts') => passes.reduce((sum, counts) => sum + (counts[kind] ?? 0), 0);
    expect(total('rawWatchClicks')).toBe(rawClicks);
    expect(total('unverifiedAccounts')).toBe(unverified);
    expect(await t.app.db.select().from(watchClickDays).where(eq(watchClickDays.filmId, film))).toEqual([
      { filmId: film, day: '2026-08-02', visitorClicks: 12, memberClicks: 0 },
    ]);
    for (const member of stale) expect(await t.app.db.select().from(users).where(eq(users.userId, member.userId))).toEqual([]);
  });
});

describe('housekeeping of stored posters (decision 014)', () => {
  it('drops the posters no listed film or pending submission shows, a week after an answer last named them', async () => {
    const { posters } = t.app.filmDatabase;
    const start = new Date('2026-09-01T12:00:00Z');
    const daysAfter = (days: number) => t.clock.set(new Date(start.getTime() + days * DAY));
    const paths = {
      listed: '/listedFilmPoster.jpg',
      pending: '/pendingSubmissionPoster.jpg',
      rejected: '/rejectedSubmissionPoster.jpg',
      candidate: '/lookupCandidatePoster.jpg',
      seenAgain: '/candidateSeenAgainPoster.jpg',
    };
    daysAfter(0);
    const keys = await posters.remember(Object.values(paths));
    // Each stored at every width, as a fetch would have stored it.
    await t.app.db
      .insert(posterImages)
      .values(
        [...keys.values()].flatMap((key) => [92, 185].map((width) => ({ key, width, body: Buffer.from(key), etag: `"${key}-${width}"` }))),
      );
    await t.app.db
      .update(posterFiles)
      .set({ storedAt: t.clock.now() })
      .where(inArray(posterFiles.key, [...keys.values()]));

    const film = await createFilm(t.app);
    await t.app.db.insert(filmFacts).values({ filmId: film.filmId, tmdbId: 7001, posterPath: paths.listed });
    const member = await createMember(t.app);
    const answers = answerCache(t.app.db);
    const answerNaming = (id: number, posterPath: string) =>
      answers.write(`movie:${id}`, { answer: { id, title: `Entry ${id}`, poster_path: posterPath } }, t.clock.now(), 7 * DAY);
    await createSubmission(t.app, member, { tmdbId: 7002 });
    await answerNaming(7002, paths.pending);
    const rejected = await createSubmission(t.app, member, { tmdbId: 7003 });
    await t.app.db.update(submissions).set({ status: 'rejected' }).where(eq(submissions.submissionId, rejected.submissionId));
    await answerNaming(7003, paths.rejected);

    const kept = async () => {
      const rows = await t.app.db.select({ path: posterFiles.path, key: posterFiles.key }).from(posterFiles);
      const images = await t.app.db.select({ key: posterImages.key }).from(posterImages);
      const byKey = new Map(rows.map((row) => [row.key, row.path]));
      return {
        files: rows.map((row) => row.path).sort(),
        images: [...new Set(images.map((image) => byKey.get(image.key) ?? `orphan ${image.key}`))].sort(),
      };
    };
    const pass = async () => (await runHousekeeping({ db: t.app.db, clock: t.clock, batchSize: 1 })).unusedPosters;

    daysAfter(6);
    await posters.remember([paths.seenAgain]);
    expect(await pass()).toBe(0);

    daysAfter(7.5);
    expect(await pass()).toBe(2);
    const survivors = [paths.listed, paths.pending, paths.seenAgain].sort();
    expect(await kept()).toEqual({ files: survivors, images: survivors });

    daysAfter(13.5);
    expect(await pass()).toBe(1);
    expect(await kept()).toEqual({ files: [paths.listed, paths.pending].sort(), images: [paths.listed, paths.pending].sort() });

    // The pending submission's poster is kept while its entry's stored answer names it; once that
    // answer is gone (30 days), so is the poster, and reading the entry again names it afresh.
    daysAfter(31);
    expect(await pass()).toBe(1);
    expect(await kept()).toEqual({ files: [paths.listed], images: [paths.listed] });
    daysAfter(200);
    expect(await pass()).toBe(0);
    const again = await posters.remember([paths.pending]);
    expect(await posters.ensure(again.get(paths.pending) ?? '')).toBe('failed'); // the film database is off here
    expect((await kept()).files).toEqual([paths.listed, paths.pending].sort());
  });
});

describe('startHousekeeping', () => {
  it('runs a pass at start and then every interval, until stopped', async () => {
    const staleAccount = async () => {
      const member = await createMember(t.app, { verified: false });
      t.clock.advance(72 * HOUR + 1);
      return member.userId;
    };
    const exists = async (userId: number) => (await t.app.db.select().from(users).where(eq(users.userId, userId))).length === 1;
    const gone = async (userId: number) => {
      for (let i = 0; i < 100 && (await exists(userId)); i += 1) await new Promise((r) => setTimeout(r, 20));
      return !(await exists(userId));
    };

    const first = await staleAccount();
    const job = startHousekeeping({ db: t.app.db, clock: t.clock, log: t.app.log, intervalMs: 50 });
    try {
      expect(await gone(first)).toBe(true);
      const second = await staleAccount();
      expect(await gone(second)).toBe(true);
    } finally {
      await job.stop();
    }
    const afterStop = await staleAccount();
    await new Promise((r) => setTimeout(r, 200));
    expect(await exists(afterStop)).toBe(true);
  });
});
