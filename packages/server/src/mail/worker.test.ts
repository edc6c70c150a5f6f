import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outbox } from '../db/schema.js';
import { openTestDatabase, useTestApp } from '../../test/support/test-app.js';
import { unique } from '../../test/support/factories.js';
import { signUp } from '../../test/support/accounts.js';
import { readable, startSmtpServer, type SentMail, type TestSmtpServer } from '../../test/support/smtp.js';
import { enqueueMail } from './outbox.js';
import { createMailTransport, type MailLogger, type MailTransport } from './transports.js';
import { claimDueMessages, createOutboxWorker, retryDelayMs, type OutboxWorkerOptions } from './worker.js';

function recordingLogger(): MailLogger & { lines: { level: string; details: object; message: string }[] } {
  const lines: { level: string; details: object; message: string }[] = [];
  const at = (level: string) => (details: object, message: string) => void lines.push({ level, details, message });
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

const MAIL_FROM = 'The Film List Test <mail@films.test>';

let smtp: TestSmtpServer;
let transport: MailTransport;
const received: SentMail[] = [];
const log = recordingLogger();
/** Late-bound, so the app built first can wake a worker made later. */
let onMailQueued: () => void = () => undefined;

beforeAll(async () => {
  smtp = await startSmtpServer(0, received);
});
afterAll(() => smtp.close());
const t = useTestApp(() => ({
  env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM },
  app: { notifyOutbox: () => onMailQueued() },
}));
beforeAll(() => {
  transport = createMailTransport(t.config, log);
});
afterAll(() => transport.close());

function worker(options: Partial<OutboxWorkerOptions> = {}) {
  return createOutboxWorker({ db: t.app.db, transport, clock: t.clock, from: t.config.mailFrom, log, ...options });
}

const receivedBy = (email: string) => received.filter((m) => m.to === email);

async function outboxRowFor(email: string) {
  const rows = await t.app.db.select().from(outbox).where(eq(outbox.recipient, email));
  expect(rows).toHaveLength(1);
  const [row] = rows;
  if (!row) throw new Error('no outbox row');
  return row;
}

describe('the outbox worker over SMTP', () => {
  it('delivers the verification link as multipart mail from MAIL_FROM, and the link verifies once', async () => {
    const email = (await signUp(t, { until: 'registered' })).email;
    expect(receivedBy(email)).toHaveLength(0);
    expect(await worker().drain()).toBe(1);

    const [message] = receivedBy(email);
    if (!message) throw new Error('nothing received');
    expect(receivedBy(email)).toHaveLength(1);
    expect(message.from).toBe('mail@films.test');
    const raw = readable(message.raw);
    expect(raw).toMatch(/^From: The Film List Test <mail@films\.test>\r?$/m);
    expect(raw).toMatch(new RegExp(`^To: ${email.replace(/\./g, '\\.')}\\r?$`, 'm'));
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(raw).toMatch(/^Content-Type: text\/plain; charset=utf-8\r?$/m);
    expect(raw).toMatch(/^Content-Type: text\/html; charset=utf-8\r?$/m);
    const row = await outboxRowFor(email);
    expect(raw).toMatch(new RegExp(`^Message-ID: <outbox\\.${row.messageId}\\.[a-z0-9]+@films\\.test>\\r?$`, 'm'));
    expect(row.sentAt).toEqual(t.clock.now());
    expect(row.attempts).toBe(1);

    const links = [...raw.matchAll(/(http:\/\/films\.test\/verification\/)([A-Za-z0-9_-]+)/g)];
    // once in the text part, once in the HTML part
    expect(links.length).toBe(2);
    const token = links[0]?.[2] ?? '';
    expect(links.every((l) => l[0] === `${t.config.publicUrl}/verification/${token}`)).toBe(true);

    const first = await t.app.inject(`/api/users/verification/${token}`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true });
    // A second click of the same link verifies nothing more; it says the address is already verified.
    const second = await t.app.inject(`/api/users/verification/${token}`);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ success: true, alreadyVerified: true });
  });

  it('keeps mail while SMTP is down and delivers it once, after the backoff, when SMTP is back', async () => {
    await smtp.close();
    const email = (await signUp(t, { until: 'registered' })).email;
    const down = worker();
    expect(await down.drain()).toBe(0);

    const failed = await outboxRowFor(email);
    expect(failed.attempts).toBe(1);
    expect(failed.sentAt).toBeNull();
    expect(failed.lockedUntil).toBeNull();
    expect(failed.lastError).toEqual(expect.any(String));
    expect(failed.lastError?.length).toBeGreaterThan(0);
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect(failed.nextAttemptAt.getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(5_500);
    expect(log.lines.some((l) => l.level === 'warn' && l.message.includes('delivery failed'))).toBe(true);

    smtp = await startSmtpServer(smtp.port, received);
    // Not due yet: the backoff holds even though SMTP is back.
    expect(await down.drain()).toBe(0);
    expect(receivedBy(email)).toHaveLength(0);

    t.clock.advance(6_000);
    expect(await down.drain()).toBe(1);
    expect(await down.drain()).toBe(0);
    expect(receivedBy(email)).toHaveLength(1);
    expect(readable(receivedBy(email)[0]?.raw ?? '')).toContain(`${t.config.publicUrl}/verification/`);
    const sent = await outboxRowFor(email);
    expect(sent.sentAt).toEqual(t.clock.now());
    expect(sent.attempts).toBe(2);
    expect(sent.lastError).toBeNull();
  });

  it('delivers a message whose worker died mid-claim once the lease has passed', async () => {
    const email = (await signUp(t, { until: 'registered' })).email;
    const claimed = await claimDueMessages(t.app.db, t.clock.now(), 10, 60_000);
    expect(claimed.map((r) => r.recipient)).toEqual([email]);
    // ...and the claiming worker never finishes.

    const survivor = worker();
    expect(await survivor.drain()).toBe(0);
    t.clock.advance(30_000);
    expect(await survivor.drain()).toBe(0);
    expect(receivedBy(email)).toHaveLength(0);

    t.clock.advance(31_000);
    expect(await survivor.drain()).toBe(1);
    expect(receivedBy(email)).toHaveLength(1);
    const row = await outboxRowFor(email);
    expect(row.attempts).toBe(2);
    expect(row.sentAt).not.toBeNull();
  });

  it('sends each message exactly once when two workers drain the same outbox together', async () => {
    const recipients = Array.from({ length: 30 }, () => `${unique('pair')}@example.com`);
    await t.app.db.transaction((tx) =>
      enqueueMail(
        tx,
        recipients.map((to, i) => ({ kind: 'test', to, subject: `Message ${i}`, text: `Body ${i}\n`, html: `<p>Body ${i}</p>` })),
        t.clock.now(),
      ),
    );
    const [a, b] = await Promise.all([worker({ batchSize: 3 }).drain(), worker({ batchSize: 3 }).drain()]);
    expect(a + b).toBe(30);
    for (const to of recipients) expect(receivedBy(to)).toHaveLength(1);
    const rows = await t.app.db.select().from(outbox).where(inArray(outbox.recipient, recipients));
    expect(rows.every((r) => r.sentAt !== null && r.attempts === 1)).toBe(true);
  });

  it('runs in the background: wake() after a commit delivers at once, stop() ends it', async () => {
    const background = worker({ pollIntervalMs: 60_000 });
    onMailQueued = () => background.wake();
    background.start();
    try {
      const email = (await signUp(t, { until: 'registered' })).email;
      await vi.waitFor(() => expect(receivedBy(email)).toHaveLength(1), { timeout: 5_000, interval: 20 });
    } finally {
      await background.stop();
    }
    const later = (await signUp(t, { until: 'registered' })).email;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(receivedBy(later)).toHaveLength(0);
    onMailQueued = () => undefined;
    expect(await worker().drain()).toBe(1);
    expect(receivedBy(later)).toHaveLength(1);
  });

  it('logs a failing pass and keeps polling, without an unhandled rejection', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'filmlist-gone-'));
    const gone = await openTestDatabase(dataDir);
    await gone.dispose();
    const errors = recordingLogger();
    const broken = createOutboxWorker({ db: gone.handle.db, transport, clock: t.clock, from: MAIL_FROM, log: errors, pollIntervalMs: 10 });
    broken.start();
    try {
      await vi.waitFor(() => expect(errors.lines.filter((l) => l.level === 'error').length).toBeGreaterThanOrEqual(2), {
        timeout: 5_000,
        interval: 10,
      });
      expect(errors.lines[0]?.message).toContain('pass failed');
    } finally {
      await broken.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
    await expect(broken.drain()).rejects.toThrow();
  });
});

describe('retryDelayMs', () => {
  it('doubles from 5 s and stops at an hour, with at most 10 % jitter', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, middle))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(11, middle)).toBe(3_600_000);
    expect(retryDelayMs(500, middle)).toBe(3_600_000);
    expect(retryDelayMs(1, () => 0)).toBe(4_500);
    expect(retryDelayMs(1, () => 1)).toBe(5_500);
  });
});
