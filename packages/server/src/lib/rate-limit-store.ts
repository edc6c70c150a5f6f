import type { Redis } from 'ioredis';

export interface WindowCount {
  /** hits in the current window, this one included */
  count: number;
  /** milliseconds until the window resets */
  resetInMs: number;
}

/** Fixed-window counters, in memory for one instance or in Redis for several. */
export interface RateLimitStore {
  hit(key: string, windowMs: number, nowMs: number): Promise<WindowCount>;
  close(): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  hit(key: string, windowMs: number, nowMs: number): Promise<WindowCount> {
    this.sweep(nowMs);
    let entry = this.windows.get(key);
    if (!entry || entry.resetAt <= nowMs) {
      entry = { count: 0, resetAt: nowMs + windowMs };
      this.windows.set(key, entry);
    }
    entry.count += 1;
    return Promise.resolve({ count: entry.count, resetInMs: entry.resetAt - nowMs });
  }

  /** Expired windows are dropped once a minute, so memory follows active keys only. */
  private sweep(nowMs: number): void {
    if (nowMs - this.lastSweep < 60_000) return;
    this.lastSweep = nowMs;
    for (const [key, entry] of this.windows) if (entry.resetAt <= nowMs) this.windows.delete(key);
  }

  close(): Promise<void> {
    this.windows.clear();
    return Promise.resolve();
  }
}

/** Shared counters: every instance behind a balancer sees the same limits. */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly fallback = new MemoryRateLimitStore();

  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'filmlist:rl:',
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  async hit(key: string, windowMs: number, nowMs: number): Promise<WindowCount> {
    const fullKey = this.prefix + key;
    try {
      const results = await this.redis.multi().incr(fullKey).pexpire(fullKey, windowMs, 'NX').pttl(fullKey).exec();
      const count = Number(results?.[0]?.[1]);
      const ttl = Number(results?.[2]?.[1]);
      if (!Number.isFinite(count)) throw new Error('unexpected answer from Redis');
      return { count, resetInMs: ttl > 0 ? ttl : windowMs };
    } catch (error) {
      // Limits stay in force, per instance, while Redis is away.
      this.onError(error);
      return this.fallback.hit(key, windowMs, nowMs);
    }
  }

  async close(): Promise<void> {
    await this.fallback.close();
    this.redis.disconnect();
  }
}
