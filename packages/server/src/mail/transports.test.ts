import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/support/test-app.js';
import { unique } from '../../test/support/factories.js';
import {
  createMailTransport,
  linksIn,
  outboxFileName,
  smtpTransport,
  type MailLogger,
  type MailTransport,
  type OutgoingMail,
} from './transports.js';
import { createOutboxWorker } from './worker.js';

function recordingLogger(): MailLogger & { lines: { level: string; details: object; message: string }[] } {
  const lines: { level: string; details: object; message: string }[] = [];
  const at = (level: string) => (details: object, message: string) => void lines.push({ level, details, message });
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return address.port;
}

const t = useTestApp();
let transport: MailTransport;
const log = recordingLogger();
let outboxDir: string;

beforeAll(async () => {
  transport = createMailTransport(t.config, log);
  outboxDir = path.join(t.dataDir, 'outbox');
});
afterAll(async () => {
  await transport.close();
});

const emlFiles = () => readdirSync(outboxDir).filter((f) => f.endsWith('.eml'));

describe('the file transport (no SMTP_URL)', () => {
  it('writes the verification mail as an .eml file with both parts and logs its link', async () => {
    // Fastify's own logger is what start-up passes in.
    const fastifyLog: MailLogger = t.app.log;
    expect(typeof fastifyLog.info).toBe('function');
    expect(transport.describe()).toBe(`files in ${outboxDir}`);

    const username = unique('file');
    const email = `${username}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { username, email, password: 'a long unusual passphrase 42' },
    });
    expect(res.statusCode).toBe(201);
    const worker = createOutboxWorker({ db: t.app.db, transport, clock: t.clock, from: t.config.mailFrom, log });
    expect(await worker.drain()).toBe(1);

    const files = emlFiles();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{8}-verification\.eml$/);
    expect(readdirSync(outboxDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const eml = readFileSync(path.join(outboxDir, files[0] ?? ''), 'utf8').replace(/=\r?\n/g, '');
    expect(eml).toMatch(/^From: The Film List <no-reply@films\.test>\r$/m);
    expect(eml).toMatch(new RegExp(`^To: ${email.replace(/\./g, '\\.')}\\r$`, 'm'));
    expect(eml).toMatch(/^Message-ID: <outbox\.\d+\.[a-z0-9]+@films\.test>\r$/m);
    expect(eml).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(eml).toMatch(/^Content-Type: text\/plain; charset=utf-8\r$/m);
    expect(eml).toMatch(/^Content-Type: text\/html; charset=utf-8\r$/m);
    const link = /http:\/\/films\.test\/verification\/[A-Za-z0-9_-]+/.exec(eml)?.[0] ?? '';
    expect(link).not.toBe('');

    const written = log.lines.filter((l) => l.level === 'info' && l.message.startsWith('mail written to '));
    expect(written).toHaveLength(1);
    expect(written[0]?.message).toBe(`mail written to ${path.join(outboxDir, files[0] ?? '')}`);
    expect(written[0]?.details).toEqual({ to: email, subject: 'Verify your email for The Film List', links: [link] });

    const verified = await t.app.inject(link.replace(t.config.publicUrl, '/api/users'));
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ success: true });
  });

  it('overwrites the same file when the same message is delivered again', async () => {
    const message: OutgoingMail = {
      messageId: 987_654,
      kind: 'film-added',
      from: t.config.mailFrom,
      to: 'again@example.com',
      subject: 'Again',
      text: 'First version https://films.test/a\n',
      html: '<p>First version</p>',
    };
    await transport.deliver(message);
    await transport.deliver({ ...message, text: 'Second version https://films.test/b\n' });
    const matching = emlFiles().filter((f) => f.startsWith('00987654-'));
    expect(matching).toEqual(['00987654-film-added.eml']);
    const content = readFileSync(path.join(outboxDir, '00987654-film-added.eml'), 'utf8');
    expect(content).toContain('Second version');
    expect(content).not.toContain('First version https');
  });
});

describe('mail transport helpers', () => {
  it('names files by zero-padded id and kind, or the subject when there is no kind', () => {
    const base = { from: 'a@b.test', to: 'c@d.test', text: '', html: '' };
    expect(outboxFileName({ ...base, messageId: 42, kind: 'review-request', subject: 'x' })).toBe('00000042-review-request.eml');
    expect(outboxFileName({ ...base, messageId: 7, subject: 'New film: "Heat" (1995)!' })).toBe('00000007-new-film-heat-1995.eml');
    expect(outboxFileName({ ...base, messageId: 7, subject: '¿?' })).toBe('00000007-mail.eml');
  });

  it('finds each http and https link once', () => {
    const text = 'See https://films.test/a and http://films.test/b?x=1.\nAgain https://films.test/a\nmailto:x@y.test';
    expect(linksIn(text)).toEqual(['https://films.test/a', 'http://films.test/b?x=1']);
  });

  it('picks SMTP when SMTP_URL is set and never shows its password', () => {
    const smtp = createMailTransport({ ...t.config, smtpUrl: 'smtp://user:secret@mail.example:2525' }, log);
    expect(smtp.describe()).toBe('SMTP smtp://mail.example:2525');
  });

  it('rejects a delivery when the SMTP server cannot be reached', async () => {
    const smtp = smtpTransport(`smtp://127.0.0.1:${await closedPort()}`, 'films.test');
    try {
      await expect(
        smtp.deliver({ messageId: 1, from: 'a@films.test', to: 'b@example.com', subject: 's', text: 't', html: '<p>t</p>' }),
      ).rejects.toThrow();
    } finally {
      await smtp.close();
    }
  });
});
