import { createHash } from 'node:crypto';
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
  /** The hits counted in the key's current window, without adding one (0 when none). */
  peek(key: string, nowMs: number): Promise<WindowCount>;
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

  peek(key: string, nowMs: number): Promise<WindowCount> {
    const entry = this.windows.get(key);
    if (!entry || entry.resetAt <= nowMs) return Promise.resolve({ count: 0, resetInMs: 0 });
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

/**
 * One hit, atomically: count it, and give the key its window's expiry when it
 * has none (the hit that creates it, or a key left without one). PEXPIRE's NX
 * option would do this in a MULTI, but needs Redis 7; this runs on Redis 6.
 */
export const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;
const HIT_SCRIPT_SHA = createHash('sha1').update(HIT_SCRIPT).digest('hex');

/** Shared counters: every instance behind a balancer sees the same limits. */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly fallback = new MemoryRateLimitStore();

  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'filmlist:rl:',
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  async hit(key: string, windowMs: number, nowMs: number): Promise<WindowCount> {
    try {
      const answer = await this.runHitScript(this.prefix + key, windowMs);
      const count: unknown = Array.isArray(answer) ? answer[0] : undefined;
      const ttl: unknown = Array.isArray(answer) ? answer[1] : undefined;
      if (typeof count !== 'number' || typeof ttl !== 'number') throw new Error('unexpected answer from Redis');
      return { count, resetInMs: ttl > 0 ? ttl : windowMs };
    } catch (error) {
      // Limits stay in force, per instance, while Redis is away.
      this.onError(error);
      return this.fallback.hit(key, windowMs, nowMs);
    }
  }

  async peek(key: string, nowMs: number): Promise<WindowCount> {
    try {
      const [count, ttl] = await Promise.all([this.redis.get(this.prefix + key), this.redis.pttl(this.prefix + key)]);
      return count === null || ttl <= 0 ? { count: 0, resetInMs: 0 } : { count: Number(count), resetInMs: ttl };
    } catch (error) {
      this.onError(error);
      return this.fallback.peek(key, nowMs);
    }
  }

  /** By its hash, so the script's text crosses the network only after Redis forgets it. */
  private async runHitScript(fullKey: string, windowMs: number): Promise<unknown> {
    try {
      return await this.redis.evalsha(HIT_SCRIPT_SHA, 1, fullKey, windowMs);
    } catch (error) {
      if (!(error instanceof Error && error.message.startsWith('NOSCRIPT'))) throw error;
      return this.redis.eval(HIT_SCRIPT, 1, fullKey, windowMs);
    }
  }

  async close(): Promise<void> {
    await this.fallback.close();
    this.redis.disconnect();
  }
}
