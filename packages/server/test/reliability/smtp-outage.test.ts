import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { submissionAnswer } from '@filmlist/shared/api/films';
import { outbox } from '../../src/db/schema.js';
import { filmAddedMail, filmRejectedMail, reviewRequestMail, verificationMail } from '../../src/mail/templates.js';
import { createMailTransport, outboxMessageId, type MailLogger } from '../../src/mail/transports.js';
import { createOutboxWorker, type OutboxWorker } from '../../src/mail/worker.js';
import { createMember, createReviewer, unique, type TestMember } from '../support/factories.js';
import { startServer, type ServerProcess } from '../support/server-process.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { signUp, type Member } from '../support/accounts.js';
import { emptyPostgresDatabase, type ScratchDatabase } from '../support/databases.js';
import { call, START_TIMEOUT_MS, sleep, waitFor } from '../support/http.js';
import { deliveryCounts, startSmtpServer, subjectOf, type SentMail, type TestSmtpServer } from '../support/smtp.js';
import { onPostgres } from '../support/config.js';

/**
 * docs/reliability.md, "Faults": a real SMTP server on loopback goes away while the app
 * queues verification and review mail, then comes back on the same port.
 * Every message arrives exactly once, counted by recipient and Message-ID,
 * including messages queued before the server process was killed.
 */
const quiet: MailLogger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const DESCRIPTION = 'A lighthouse keeper waits for the mail boat.';

type OutboxRow = typeof outbox.$inferSelect;

/** "recipient Message-ID" → 1 for every row: what an exactly-once delivery of these rows looks like. */
function onceEach(rows: readonly OutboxRow[], host: string): Map<string, number> {
  return new Map(
    rows.map((row) => [
      `${row.recipient.toLowerCase()} ${outboxMessageId({ messageId: row.messageId, createdAt: row.createdAt, from: '', to: '', subject: '', text: '', html: '' }, host)}`,
      1,
    ]),
  );
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

describe('an SMTP outage, in one process (a manual clock moves the retry backoff)', () => {
  let t: TestApp;
  let worker: OutboxWorker | undefined;

  it('keeps verification and review mail while SMTP is down and delivers each message exactly once when it is back', async () => {
    const received: SentMail[] = [];
    // A port that had a real SMTP server, now stopped: connections are refused.
    const first = await startSmtpServer(0, received);
    const port = first.port;
    await first.close();

    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` }, app: { notifyOutbox: () => worker?.wake() } });
    cleanups.push(() => t.close());
    const transport = createMailTransport(t.config, quiet);
    cleanups.push(() => transport.close());
    worker = createOutboxWorker({ db: t.app.db, transport, clock: t.clock, from: t.config.mailFrom, log: quiet, pollIntervalMs: 50 });
    worker.start();
    // Stopped before the database closes (cleanups run last in, first out).
    cleanups.push(() => worker?.stop() ?? Promise.resolve());

    const rita = await createReviewer(t.app);
    const rex = await createReviewer(t.app);
    const sam = await createMember(t.app);
    const post = (url: string, body: object, who?: TestMember) =>
      t.app.inject({ method: 'POST', url, payload: body, ...(who ? { headers: who.auth } : {}) });

    // Verification mail: three sign-ups.
    for (let i = 0; i < 3; i += 1) await signUp(t, { username: unique('smtp'), until: 'registered' });
    // Review mail: two submissions (each mails both reviewers), one added and one rejected (each mails the submitter).
    const titles = [unique('Harbour Lights '), unique('Fog Signal ')];
    for (const title of titles) {
      const res = await post('/api/films/reviewfilm', { title, release_year: '1987', description: DESCRIPTION }, sam);
      expect(res.statusCode).toBe(201);
      submissionAnswer.parse(res.json());
    }
    const added = await post(
      '/api/films/addfilm',
      { title: titles[0], release_year: '1987', description: DESCRIPTION, userId: sam.userId },
      rita,
    );
    expect(added.statusCode).toBe(200);
    const rejected = await post(
      '/api/films/reject',
      { title: titles[1], release_year: '1987', userId: sam.userId, reason: 'Not undervalued enough.' },
      rex,
    );
    expect(rejected.statusCode).toBe(200);

    const allRows = () => t.app.db.select().from(outbox).orderBy(outbox.messageId);
    const queued = await allRows();
    expect(queued.map((r) => r.kind).sort()).toEqual([
      'film-added',
      'film-rejected',
      'review-request',
      'review-request',
      'review-request',
      'review-request',
      'verification',
      'verification',
      'verification',
    ]);

    // The worker tries every message, fails, and leaves it queued for a retry...
    await waitFor('a failed first attempt at every message', 10_000, async () =>
      (await allRows()).every((r) => r.attempts >= 1 && r.lockedUntil === null && r.sentAt === null && r.lastError !== null),
    );
    // ... and again after the backoff, still without sending anything twice or losing anything.
    t.clock.advance(6_000);
    worker.wake();
    await waitFor('a failed second attempt at every message', 10_000, async () =>
      (await allRows()).every((r) => r.attempts >= 2 && r.lockedUntil === null && r.sentAt === null),
    );
    expect(received).toHaveLength(0);

    // SMTP is back on the same port; once the backoff has passed, everything goes out.
    const back = await startSmtpServer(port, received);
    cleanups.push(() => back.close());
    t.clock.advance(60 * 60 * 1000);
    worker.wake();
    await waitFor('delivery of every queued message', 10_000, () => received.length >= queued.length);
    // Further passes find nothing left to send.
    await sleep(200);
    t.clock.advance(2 * 60 * 60 * 1000);
    expect(await worker.drain()).toBe(0);

    const host = new URL(t.config.publicUrl).hostname;
    expect(deliveryCounts(received)).toEqual(onceEach(queued, host));
    const recipients = received.map((m) => m.to).sort();
    expect(recipients.filter((to) => to === sam.email)).toHaveLength(2);
    expect(recipients.filter((to) => to === rita.email)).toHaveLength(2);
    expect(recipients.filter((to) => to === rex.email)).toHaveLength(2);
    expect((await allRows()).every((r) => r.sentAt !== null && r.lockedUntil === null)).toBe(true);
  });
});

describe('an SMTP outage across a crash of the server process', () => {
  it('delivers mail queued before a SIGKILL exactly once after the restart', async () => {
    const received: SentMail[] = [];
    let smtp: TestSmtpServer = await startSmtpServer(0, received);
    const port = smtp.port;
    cleanups.push(() => smtp.close());
    const dataDir = mkdtempSync(path.join(tmpdir(), 'filmlist-smtp-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    let database: ScratchDatabase | undefined;
    if (onPostgres) {
      const scratch = await emptyPostgresDatabase();
      database = scratch;
      cleanups.push(() => scratch.drop());
    }
    const reviewerName = unique('rev');
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      REVIEWERS: `${reviewerName}@example.com`,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      PUBLIC_URL: 'http://films.test',
      ...(database ? { DATABASE_URL: database.url } : {}),
    };
    let server: ServerProcess = await startServer(env, START_TIMEOUT_MS);
    cleanups.push(() => server.stop('SIGKILL'));

    // While SMTP is up: a reviewer and a member join through the verification links they receive.
    const mailbox = () => received;
    const reviewer: Member = await signUp({ url: server.url, mailbox }, { username: reviewerName });
    const sam: Member = await signUp({ url: server.url, mailbox });
    const beforeOutage = received.length;
    expect(beforeOutage).toBe(2);

    // SMTP goes away; the app queues two verifications, two review requests, a film-added and a film-rejected.
    await smtp.close();
    const newcomers = [unique('n'), unique('n')];
    for (const username of newcomers) await signUp({ url: server.url, mailbox }, { username, until: 'registered' });
    const titles = [unique('Lantern Night '), unique('Shore Leave ')];
    for (const title of titles) {
      const res = await call(server.url, '/api/films/reviewfilm', {
        body: { title, release_year: '1992', description: DESCRIPTION },
        token: sam.token,
        from: sam.from,
      });
      expect(res.status).toBe(201);
    }
    const review = (url: string, body: object) => call(server.url, url, { body, token: reviewer.token, from: reviewer.from });
    expect(
      (await review('/api/films/addfilm', { title: titles[0], release_year: '1992', description: DESCRIPTION, userId: sam.userId })).status,
    ).toBe(200);
    expect((await review('/api/films/reject', { title: titles[1], release_year: '1992', userId: sam.userId })).status).toBe(200);

    // The worker has tried each of the six and logged the failure (pino JSON lines at warn).
    const failedIds = () =>
      new Set(
        server
          .output()
          .split('\n')
          .filter((line) => line.includes('mail delivery failed'))
          .map((line) => /"messageId":(\d+)/.exec(line)?.[1]),
      );
    await waitFor('a failed attempt at each queued message', 10_000, () => failedIds().size >= 6);
    expect(received).toHaveLength(beforeOutage);

    // Killed with the mail still queued; SMTP comes back; the server starts again on the same data.
    server.child.kill('SIGKILL');
    expect(await server.exited).toBe('SIGKILL');
    smtp = await startSmtpServer(port, received);
    server = await startServer(env, START_TIMEOUT_MS);

    // The first retry is due 5 s (±10 %) after the failed attempt.
    const deliveredMs = await waitFor('delivery after the restart', 20_000, () => received.length >= beforeOutage + 6, 100);
    // Give a duplicate time to show up, then stop cleanly.
    await sleep(1_500);
    expect(await server.stop('SIGTERM')).toBe(0);
    console.log(`smtp outage across a crash: 6 queued messages delivered ${deliveredMs} ms after the restart`);

    // Exactly these six, each once: no recipient and Message-ID twice, in all that arrived.
    const counts = deliveryCounts(received);
    expect(counts.size).toBe(received.length);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const subject = (mail: { to: string; subject: string }) => `${mail.to} ${mail.subject}`;
    const summary = { description: DESCRIPTION, submitter: sam.username };
    expect(
      received
        .slice(beforeOutage)
        .map((m) => `${m.to} ${subjectOf(m.raw)}`)
        .sort(),
    ).toEqual(
      [
        ...newcomers.map((n) => subject(verificationMail(`${n}@example.com`, n, ''))),
        ...titles.map((title) => subject(reviewRequestMail(reviewer.email, { ...summary, title, releaseYear: 1992 }, '', ''))),
        subject(filmAddedMail(sam.email, titles[0] ?? '', 1992, '')),
        subject(filmRejectedMail(sam.email, titles[1] ?? '', 1992, undefined)),
      ].sort(),
    );
  }, 150_000);
});
