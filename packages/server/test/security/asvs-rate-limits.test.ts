import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@filmlist/shared/messages';
import { MAIL_LIMITS } from '../../src/mail/quota.js';
import { LOGIN_LIMITS } from '../../src/modules/auth/login-throttle.js';
import { RATE_LIMITS, type LimitRule } from '../../src/plugins/rate-limit.js';
import { unique } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { freshClientAddress } from '../support/http.js';

/**
 * ASVS 6.1 and 6.3: the authentication endpoints answer 429 past their limit,
 * per client address and per account, and a client cannot reset the address
 * count by sending X-Forwarded-For unless TRUST_PROXY says a proxy sets it.
 * With TRUST_PROXY set, clients behind the proxy are counted apart.
 *
 * Earlier single cases of these: modules/users/users.test.ts (login per
 * account, sign-up per address and per email, check and verification per
 * address) and modules/auth/auth.test.ts (refresh per token, login behind X-Forwarded-For).
 */

interface Probe {
  method: 'GET' | 'POST';
  url: string;
  payload?: object;
}

interface Endpoint {
  ip: LimitRule;
  account: LimitRule;
  /** attempts on one account from one address before a 429, where that is stricter than `account` */
  accountFromOneAddress?: number;
  /** a fresh account key: a username, an email, a token */
  newAccount(): string;
  /** the i-th attempt on `account`; case varies where the limit ignores it */
  request(account: string, i: number): Probe;
  /**
   * An attempt the address limit counts (it runs before validation) but that
   * fails validation, so no argon2 work is spent: the per-address bursts send
   * these between a real first and a real last attempt.
   */
  cheap?(i: number): Probe;
}

const caseOf = (text: string, i: number) => (i % 2 ? text.toUpperCase() : text);

const ENDPOINTS: Record<'login' | 'sign-up' | 'check' | 'verification' | 'refresh', Endpoint> = {
  login: {
    ...RATE_LIMITS.login,
    // Wrong passwords (auth/login-throttle.ts): past the account's limit it is slowed to one check per
    // slot, so with the clock standing still one more is checked and the next refused; from one
    // address, the address's own limit for the account comes first.
    account: { limit: LOGIN_LIMITS.account.limit + 1, windowMs: LOGIN_LIMITS.account.windowMs },
    accountFromOneAddress: LOGIN_LIMITS.pair.limit,
    newAccount: () => unique('guess'),
    request: (account, i) => ({
      method: 'POST',
      url: '/api/users/login',
      payload: { username: caseOf(account, i), password: `wrong password ${i}` },
    }),
    cheap: (i) => ({ method: 'POST', url: '/api/users/login', payload: { username: `guess${i}`, password: '' } }),
  },
  'sign-up': {
    ...RATE_LIMITS.register,
    // Per email address, what bounds sign-ups is the mail its mailbox may receive (mail/quota.ts): a
    // few a day from one client, more from all, and at most a few within one hour (a burst meets the
    // hourly budget first); a stranger's attempts never refuse the owner's.
    account: MAIL_LIMITS.perAddressHour,
    accountFromOneAddress: MAIL_LIMITS.perAddressAndClient.limit,
    newAccount: () => `${unique('signup')}@example.com`,
    request: (account, i) => ({
      method: 'POST',
      url: '/api/users/register',
      payload: { username: unique('signup'), email: caseOf(account, i), password: 'a long unusual passphrase 42' },
    }),
    cheap: (i) => ({ method: 'POST', url: '/api/users/register', payload: { username: `signup${i}`, email: 'x', password: 'short' } }),
  },
  check: {
    ...RATE_LIMITS.check,
    newAccount: () => unique('probe'),
    request: (account, i) => ({ method: 'POST', url: '/api/users/check', payload: { username: caseOf(account, i) } }),
  },
  verification: {
    ...RATE_LIMITS.verification,
    // The limit keys on the first 16 characters: guesses that share them share a count.
    newAccount: () => randomBytes(12).toString('hex').slice(0, 16),
    request: (account, i) => ({ method: 'GET', url: `/api/users/verification/${account}guess${i}` }),
  },
  refresh: {
    ...RATE_LIMITS.refresh,
    newAccount: () => randomBytes(32).toString('base64url'),
    request: (account) => ({ method: 'POST', url: '/api/auth/refresh', payload: { refresh: account } }),
  },
};

let plain: TestApp;
let behindProxy: TestApp;
let oneHop: TestApp;
beforeAll(async () => {
  [plain, behindProxy, oneHop] = await Promise.all([
    createTestApp(),
    createTestApp({ env: { TRUST_PROXY: 'true' } }),
    createTestApp({ env: { TRUST_PROXY: '1' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain.close(), behindProxy.close(), oneHop.close()]);
});

interface Attempt {
  remoteAddress: string;
  forwardedFor?: string;
  account: string;
}

async function burst(t: TestApp, endpoint: Endpoint, count: number, attempt: (i: number) => Attempt, perAddress = false) {
  const answers = [];
  for (let i = 0; i < count; i += 1) {
    const { remoteAddress, forwardedFor, account } = attempt(i);
    const real = !perAddress || !endpoint.cheap || i === 0 || i === count - 1;
    const probe = !real && endpoint.cheap ? endpoint.cheap(i) : endpoint.request(account, i);
    answers.push(
      await t.app.inject({
        ...probe,
        remoteAddress,
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      }),
    );
  }
  return answers;
}

type Answers = Awaited<ReturnType<typeof burst>>;

/** The first `limit` attempts pass the limiter; the next one is refused with 429, its message and Retry-After. */
function expectLimitedAfter(answers: Answers, limit: number): void {
  expect(answers).toHaveLength(limit + 1);
  const statuses = answers.map((res) => res.statusCode);
  expect(
    statuses.slice(0, limit).filter((s) => s === 429),
    `statuses ${statuses.join(',')}`,
  ).toEqual([]);
  const last = answers.at(-1);
  expect(last?.statusCode).toBe(429);
  expect(last?.json()).toEqual({ error: messages.rateLimited, code: 'rate_limited' });
  expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
}

function expectNeverLimited(answers: Answers): void {
  expect(answers.map((res) => res.statusCode).filter((s) => s === 429)).toEqual([]);
}

describe.each(Object.entries(ENDPOINTS))('rate limits on %s (ASVS 6.1, 6.3)', (_name, endpoint) => {
  /** ip.limit + 1 attempts, each on a new account, so only the address limit can refuse them */
  const addressBurst = (t: TestApp, from: () => Omit<Attempt, 'account'>) =>
    burst(t, endpoint, endpoint.ip.limit + 1, () => ({ ...from(), account: endpoint.newAccount() }), true);
  /** account.limit + 1 attempts on one account */
  const accountBurst = (t: TestApp, from: () => Omit<Attempt, 'account'>) => {
    const account = endpoint.newAccount();
    return burst(t, endpoint, endpoint.account.limit + 1, () => ({ ...from(), account }));
  };

  it(`answer 429 after ${endpoint.ip.limit} attempts from one address, whatever the account`, async () => {
    const ip = freshClientAddress();
    expectLimitedAfter(await addressBurst(plain, () => ({ remoteAddress: ip })), endpoint.ip.limit);
  });

  it(`answer 429 after ${endpoint.account.limit} attempts on one account, whatever the address`, async () => {
    expectLimitedAfter(await accountBurst(plain, () => ({ remoteAddress: freshClientAddress() })), endpoint.account.limit);
  });

  it('cannot be dodged with X-Forwarded-For when TRUST_PROXY is not set', async () => {
    const ip = freshClientAddress();
    expectLimitedAfter(await addressBurst(plain, () => ({ remoteAddress: ip, forwardedFor: freshClientAddress() })), endpoint.ip.limit);
    const another = freshClientAddress();
    const oneAddressLimit = endpoint.accountFromOneAddress ?? endpoint.account.limit;
    const account = endpoint.newAccount();
    const answers = await burst(plain, endpoint, oneAddressLimit + 1, () => ({
      remoteAddress: another,
      forwardedFor: freshClientAddress(),
      account,
    }));
    expectLimitedAfter(answers, oneAddressLimit);
  });

  it('behind a trusted proxy, count each X-Forwarded-For client apart, and still limit each one and each account', async () => {
    const proxy = freshClientAddress();
    // Many clients through one proxy: none is limited by the others' attempts.
    expectNeverLimited(await addressBurst(behindProxy, () => ({ remoteAddress: proxy, forwardedFor: freshClientAddress() })));
    // One client through several proxies: limited as one address.
    const client = freshClientAddress();
    expectLimitedAfter(
      await addressBurst(behindProxy, () => ({ remoteAddress: freshClientAddress(), forwardedFor: client })),
      endpoint.ip.limit,
    );
    // A new forwarded address at every attempt does not escape the account limit.
    expectLimitedAfter(
      await accountBurst(behindProxy, () => ({ remoteAddress: proxy, forwardedFor: freshClientAddress() })),
      endpoint.account.limit,
    );
  });

  it('with TRUST_PROXY=1, an address the client prepends to X-Forwarded-For is ignored', async () => {
    const proxy = freshClientAddress();
    const client = freshClientAddress();
    // The proxy appends the address it saw; everything before it came from the client.
    const answers = await addressBurst(oneHop, () => ({ remoteAddress: proxy, forwardedFor: `${freshClientAddress()}, ${client}` }));
    expectLimitedAfter(answers, endpoint.ip.limit);
  });
});
