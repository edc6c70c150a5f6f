import type { RateLimitStore, WindowCount } from '../../src/lib/rate-limit-store.js';

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

  close(): Promise<void> {
    return Promise.resolve();
  }
}
