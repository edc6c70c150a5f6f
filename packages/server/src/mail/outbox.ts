import type { Database } from '../db/connection.js';
import { outbox } from '../db/schema.js';

export interface MailMessage {
  /** what caused it, for logs and tests: verification, review-request, film-added, ... */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Queue mail in the caller's transaction (docs/product.md §Mail): it is sent if and
 * only if the change that caused it commits. The worker delivers it later.
 */
export async function enqueueMail(tx: Database, messages: MailMessage | MailMessage[], now: Date): Promise<void> {
  const list = Array.isArray(messages) ? messages : [messages];
  if (list.length === 0) return;
  await tx.insert(outbox).values(
    list.map((m) => ({
      kind: m.kind,
      recipient: m.to,
      subject: m.subject,
      textBody: m.text,
      htmlBody: m.html,
      createdAt: now,
      nextAttemptAt: now,
    })),
  );
}
