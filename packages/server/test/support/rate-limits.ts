import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { RedisRateLimitStore, type Budget, type RateLimitStore, type Spent, type WindowCount } from '../../src/lib/rate-limit-store.js';
import { testRedisUrl } from './config.js';

/**
 * A store under which every request is the first of its window: for tests
 * that send far more requests from one address than a person could (fuzzing,
 * concurrent sign-ups). Production never uses it; the limits themselves are
 * tested in plugins/rate-limit.test.ts.
 */
export class UnlimitedRateLimitStore implements RateLimitStore {
  hits = 0;

  hit(_key: string, windowMs: number): Promise<WindowCount> {
    this.hits += 1;
    return Promise.resolve({ count: 1, resetInMs: windowMs });
  }

  peek(_key: string): Promise<WindowCount> {
    return Promise.resolve({ count: 0, resetInMs: 0 });
  }

  spendIfRoom(budgets: readonly Budget[]): Promise<Spent> {
    this.hits += budgets.length;
    return Promise.resolve({ ok: true, resetInMs: 0, spent: [] });
  }

  refund(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** A rate-limit store a test app can run on: `open` makes one (each with its own connection), `clear` removes its keys. */
export interface TestRateLimitStore {
  open(): RateLimitStore;
  clear(): Promise<void>;
}

/**
 * The rate-limit stores a server can run on, for describe.each: in memory (undefined: the app's
 * own), and Redis when the run has one (TEST_REDIS_URL), under a prefix of its own.
 */
export function rateLimitStores(): Array<[string, TestRateLimitStore | undefined]> {
  const url = testRedisUrl;
  if (url === undefined) return [['memory', undefined]];
  const prefix = `filmlist:test:${randomUUID()}:`;
  const clear = async () => {
    const redis = new Redis(url);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  };
  return [
    ['memory', undefined],
    ['Redis', { open: () => new RedisRateLimitStore(new Redis(url), prefix), clear }],
  ];
}
