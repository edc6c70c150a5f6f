import type { Config } from '../../config.js';
import { emailKey } from '../../lib/email-key.js';

/**
 * The reviewer role belongs to the account that has verified one of the
 * addresses in REVIEWERS (docs/product.md §Reviewer role). A username can be claimed or
 * renamed to; a mailbox has to be proved, so nothing a member can choose
 * grants the role. Read at every request: a change applies at the next one.
 */
export function holdsReviewerRole(config: Pick<Config, 'reviewers'>, account: { email: string; verified: boolean }): boolean {
  return account.verified && config.reviewers.has(emailKey(account.email));
}
