import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outbox } from '../../src/db/schema.js';

/** Messages queued in the outbox for one address, oldest first. */
export async function queuedMail(app: FastifyInstance, to: string) {
  return app.db.select().from(outbox).where(eq(outbox.recipient, to)).orderBy(asc(outbox.messageId));
}

/** The token at the end of the newest /verification/ link mailed to this address. */
export async function verificationToken(app: FastifyInstance, to: string): Promise<string> {
  const mail = await queuedMail(app, to);
  const last = mail.at(-1);
  const match = last ? /\/verification\/([A-Za-z0-9_-]+)/.exec(last.textBody) : null;
  if (!match?.[1]) throw new Error(`no verification link was mailed to ${to}`);
  return match[1];
}
