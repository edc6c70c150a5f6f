import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';

/** One outbox row, ready to leave the process. */
export interface OutgoingMail {
  /** the outbox id: names the file and the Message-ID, so a retry is recognisable */
  messageId: number;
  /** verification, review-request, ...: names the .eml file when given */
  kind?: string;
  /** when the row was queued: keeps Message-IDs unique if ids restart with a new database */
  createdAt?: Date;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  /** Resolves once the message is handed over; rejects when it was not. */
  deliver(message: OutgoingMail): Promise<void>;
  /** For the start-up log line; never contains a password. */
  describe(): string;
  close(): Promise<void>;
}

/** The part of a pino (or Fastify) logger the mail code uses. */
export interface MailLogger {
  debug(details: object, message: string): void;
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** The same value for every attempt at one outbox message. */
export function outboxMessageId(message: OutgoingMail, host: string): string {
  const stamp = message.createdAt ? `.${message.createdAt.getTime().toString(36)}` : '';
  return `<outbox.${message.messageId}${stamp}@${host}>`;
}

function composeOptions(message: OutgoingMail, host: string) {
  return {
    messageId: outboxMessageId(message, host),
    from: message.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
  };
}

/** Delivery through an SMTP server named by SMTP_URL. */
export function smtpTransport(smtpUrl: string, host: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    // Nodemailer waits minutes by default; a delivery must end well within the worker's lease.
    // Query parameters of SMTP_URL override these.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  const target = new URL(smtpUrl);
  return {
    deliver: async (message) => {
      await transporter.sendMail(composeOptions(message, host));
    },
    describe: () => `SMTP ${target.protocol}//${target.host}`,
    close: async () => {
      transporter.close();
    },
  };
}

/** http and https URLs in a text, each once, without the punctuation that may end a sentence. */
export function linksIn(text: string): string[] {
  const found = (text.match(/https?:\/\/[^\s<>"']+/g) ?? []).map((url) => url.replace(/[.,;:!?)]+$/, ''));
  return [...new Set(found)];
}

function fileSlug(message: OutgoingMail): string {
  const slug = (message.kind || message.subject)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug || 'mail';
}

export function outboxFileName(message: OutgoingMail): string {
  return `${String(message.messageId).padStart(8, '0')}-${fileSlug(message)}.eml`;
}

/**
 * Without SMTP: each message becomes an RFC 822 file in DATA_DIR/outbox and
 * its links go to the log, which is how a local user reads a verification link.
 */
export function fileTransport(directory: string, host: string, log: MailLogger): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    deliver: async (message) => {
      const info = await composer.sendMail(composeOptions(message, host));
      if (!Buffer.isBuffer(info.message)) throw new Error('the mail composer did not return a buffer');
      await mkdir(directory, { recursive: true });
      const file = path.join(directory, outboxFileName(message));
      // Written beside its final name, then renamed: a reader never sees half a message.
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(temporary, info.message);
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      log.info({ to: message.to, subject: message.subject, links: linksIn(message.text) }, `mail written to ${file}`);
    },
    describe: () => `files in ${directory}`,
    close: async () => {
      composer.close();
    },
  };
}

export function createMailTransport(config: Config, log: MailLogger): MailTransport {
  const host = new URL(config.publicUrl).hostname;
  if (config.smtpUrl) return smtpTransport(config.smtpUrl, host);
  return fileTransport(path.join(config.dataDir, 'outbox'), host, log);
}
