import type { FastifyInstance } from 'fastify';
import { messages } from '@filmlist/shared/messages';
import { mailboxKey } from '../lib/email-key.js';
import { HttpError } from '../lib/http-errors.js';
import type { LimitRule } from '../plugins/rate-limit.js';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * How much mail the site sends where, each mailbox counted without its "+tag" (lib/email-key.ts) (docs/product.md §Mail limits). Only
 * mail really sent is counted, so a request that sends nothing (a sign-up
 * refused with 409) spends nobody's budget; and an address's budget is kept
 * per asking client as well as in all, so a stranger cannot spend the owner's.
 */
export const MAIL_LIMITS = {
  /** confirmations one account may ask for (email changes) */
  perAccount: { limit: 10, windowMs: DAY },
  /** confirmations one account may send to one mailbox, from however many client addresses */
  perAccountAndAddress: { limit: 3, windowMs: DAY },
  /** mail one client address may cause to one mailbox */
  perAddressAndClient: { limit: 3, windowMs: DAY },
  /** mail one mailbox receives in all, whoever asks */
  perAddress: { limit: 20, windowMs: DAY },
  /** the same within an hour, so a day's budget cannot arrive in one burst */
  perAddressHour: { limit: 5, windowMs: HOUR },
  /** review requests one submitter's films cause (the queue shows the rest) */
  reviewRequestsPerSubmitter: { limit: 5, windowMs: HOUR },
} satisfies Record<string, LimitRule>;

async function within(app: FastifyInstance, key: string, rule: LimitRule): Promise<{ ok: boolean; resetInMs: number }> {
  const { count, resetInMs } = await app.rateLimitStore.hit(key, rule.windowMs, app.clock.now().getTime());
  return { ok: count <= rule.limit, resetInMs };
}

/**
 * Counts one mail to `to` (asked by `client`, for `accountId`), and says
 * whether it may be sent. Call it only once the mail will be sent. Every
 * budget is checked and spent in one step of the store (spendIfRoom): a
 * refused mail spends nothing, and requests at the same moment from many
 * client addresses cannot all pass a budget that has room for one of them.
 */
export async function mayMail(
  app: FastifyInstance,
  mail: { to: string; client: string; accountId?: number },
): Promise<{ ok: boolean; resetInMs: number }> {
  const to = mailboxKey(mail.to);
  const budgets: [string, LimitRule][] = [
    ...(mail.accountId === undefined
      ? []
      : ([
          [`mail:acct:${mail.accountId}`, MAIL_LIMITS.perAccount],
          [`mail:acct:${mail.accountId}:to:${to}`, MAIL_LIMITS.perAccountAndAddress],
        ] satisfies [string, LimitRule][])),
    [`mail:to:${to}:from:${mail.client}`, MAIL_LIMITS.perAddressAndClient],
    [`mail:to:${to}`, MAIL_LIMITS.perAddress],
    [`mail:to:${to}:hour`, MAIL_LIMITS.perAddressHour],
  ];
  return app.rateLimitStore.spendIfRoom(
    budgets.map(([key, rule]) => ({ key, ...rule })),
    app.clock.now().getTime(),
  );
}

/** mayMail for a request whose mail is its purpose (sign-up, email change): past the budget, a 429 with Retry-After. */
export async function requireMailBudget(app: FastifyInstance, mail: { to: string; client: string; accountId?: number }): Promise<void> {
  const { ok, resetInMs } = await mayMail(app, mail);
  if (ok) return;
  throw new HttpError(429, 'rate_limited', messages.rateLimited, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(resetInMs / 1000))),
  });
}

/** Whether this submitter's film may still mail the reviewers this hour (past that, the queue alone shows it). */
export async function mayMailReviewers(app: FastifyInstance, submitterId: number): Promise<boolean> {
  return (await within(app, `mail:review:${submitterId}`, MAIL_LIMITS.reviewRequestsPerSubmitter)).ok;
}
