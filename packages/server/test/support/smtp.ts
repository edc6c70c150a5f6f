import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** One message as it left the app: its envelope recipient, Message-ID and raw text. */
export interface SentMail {
  to: string;
  /** the envelope sender (SMTP only) */
  from?: string;
  messageId: string;
  raw: string;
}

/** Undo quoted-printable soft line breaks and escapes, enough to read links and headers. */
export function readable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function messageIdOf(raw: string): string {
  return /^Message-ID:\s*(<[^>\r\n]+>)/im.exec(raw)?.[1] ?? '';
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= or =?UTF-8?B?...?=) as text; the space between two of them goes. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, encoding: string, text: string) => {
      if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
      const bytes = text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    });
}

/** The Subject header, unfolded (long header lines are folded) and decoded. */
export function subjectOf(raw: string): string {
  const headers = raw.split(/\r?\n\r?\n/)[0] ?? '';
  return decodeWords(/^Subject: (.*)$/m.exec(headers.replace(/\r?\n[ \t]+/g, ' '))?.[1]?.trim() ?? '');
}

/** The token of the newest /verification/ link in the mail sent to `to`, if any. */
export function verificationTokenIn(mail: readonly SentMail[], to: string): string | undefined {
  const tokens = mail
    .filter((m) => m.to.toLowerCase() === to.toLowerCase())
    .map((m) => /\/verification\/([A-Za-z0-9_-]{20,})/.exec(readable(m.raw))?.[1])
    .filter((t) => t !== undefined);
  return tokens.at(-1);
}

/** A mailbox: everything the app has sent so far, read again at each call. */
export type Mailbox = () => SentMail[];

/** The .eml files the server writes to DATA_DIR/outbox when no SMTP_URL is set. */
export function outboxFiles(dataDir: string): Mailbox {
  const directory = path.join(dataDir, 'outbox');
  const seen = new Map<string, SentMail>();
  return () => {
    let names: string[];
    try {
      names = readdirSync(directory).filter((name) => name.endsWith('.eml'));
    } catch {
      names = [];
    }
    for (const name of names.sort()) {
      if (seen.has(name)) continue;
      const raw = readFileSync(path.join(directory, name), 'utf8');
      const to = /^To:\s*(?:.*<)?([^\s<>]+@[^\s<>]+?)>?\s*$/im.exec(raw)?.[1] ?? '';
      seen.set(name, { to, messageId: messageIdOf(raw), raw });
    }
    return [...seen.values()];
  };
}

export interface TestSmtpServer {
  port: number;
  /** every message accepted, one entry per envelope recipient */
  received: SentMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it accepts. Port 0
 * picks a free port; pass the same port again to bring a stopped server back.
 * `acceptDelayMs` makes it slow to confirm each message, as a busy relay is.
 */
export function startSmtpServer(
  port: number,
  received: SentMail[] = [],
  options: { acceptDelayMs?: number } = {},
): Promise<TestSmtpServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        for (const recipient of session.envelope.rcptTo) received.push({ to: recipient.address, from, messageId: messageIdOf(raw), raw });
        if (options.acceptDelayMs) setTimeout(callback, options.acceptDelayMs);
        else callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.server.address();
      if (address === null || typeof address === 'string') return reject(new Error('no TCP address'));
      resolve({
        port: address.port,
        received,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

/** Messages counted by recipient and Message-ID: "to messageId" → how many times it arrived. */
export function deliveryCounts(mail: readonly SentMail[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of mail) {
    const key = `${m.to.toLowerCase()} ${m.messageId}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
