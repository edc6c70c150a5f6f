import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type MailRoute = 'verification' | 'reset-password';

/**
 * The newest link to /{route}/{token} mailed to this address in a DATA_DIR's
 * outbox (.eml files), as a path; with `after`, only one newer than that link.
 * Waits for it up to `timeoutMs`.
 */
export async function linkInOutbox(
  outbox: string,
  email: string,
  route: MailRoute,
  options: { after?: string; timeoutMs?: number } = {},
): Promise<string> {
  const pattern = new RegExp(`/${route}/([A-Za-z0-9_-]{43})`);
  const started = Date.now();
  while (Date.now() - started < (options.timeoutMs ?? 10_000)) {
    if (existsSync(outbox)) {
      // Whole mails only: the outbox writes a mail to a .tmp file and renames it, so a .tmp in the listing may be gone.
      for (const file of readdirSync(outbox)
        .filter((name) => name.endsWith('.eml'))
        .sort()
        .reverse()) {
        const text = readFileSync(path.join(outbox, file), 'utf8');
        const match = pattern.exec(text.replace(/=\r?\n/g, ''));
        const link = match ? `/${route}/${match[1]}` : null;
        if (text.includes(email) && link) {
          if (link !== options.after) return link;
          break;
        }
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${route} mail for ${email}`);
}
