import { createHash } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';

/** What the limits' keys in Redis start with. */
export const RATE_LIMIT_PREFIX = 'filmlist:rl:';

/**
 * The Redis connection every instance counts its limits in. Commands asked for in one turn of the
 * event loop go to Redis in one write (ioredis's autopipelining: under load, one system call and one
 * reply for many requests' limits). It fails fast while Redis is away (no retries, no offline queue),
 * so the store falls back to this instance's own counters at once. Tests that use a connection the
 * moment they open it give `enableOfflineQueue: true`.
 */
export function rateLimitRedis(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: false,
    enableAutoPipelining: true,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    ...options,
  });
}

/**
 * How long a Redis command may take before the limit is counted in this process instead: Redis
 * answers in a millisecond or two, so a stalled server or connection must not hold requests up. A
 * request can meet it twice at the start of a stall (ioredis sends the next turn's commands when the
 * commands before them have failed), so it stays well under a second.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 250;

/** When Redis is found away, and how the store tries it again (RedisRateLimitStore). */
export interface RedisAwayOptions {
  /** after a failed command, the milliseconds every limit is counted in this process before Redis is asked again */
  retryAfterMs?: number;
  /**
   * the milliseconds Redis may fail before the connection is dropped and made again: ioredis keeps
   * a connection whose server stopped answering, or whose handshake never ended, for as long as TCP does
   */
  reconnectAfterMs?: number;
}

/** Thrown in place of a Redis call while Redis is away: the limit is counted in this process. */
class RedisAway extends Error {}

export interface WindowCount {
  /** hits in the current window, this one included */
  count: number;
  /** milliseconds until the window resets */
  resetInMs: number;
}

/** One counter with its limit: a budget that a step may spend from only while it has room. */
export interface Budget {
  key: string;
  limit: number;
  windowMs: number;
  /**
   * For a budget spent on its own: how many hits a store shared by several instances (Redis) may
   * take in one step and spend here without asking again while their window lasts (a lease). Never
   * more than the limit in all; a member spread over several instances may be refused up to this
   * many hits early for each other instance holding a lease. Omitted (or 1): every hit is asked for.
   */
  lease?: number;
}

/** One hit spendIfRoom spent, with the window it went into, so that it can be given back (refund). */
export interface SpentHit {
  key: string;
  windowMs: number;
  /** when that window ends, by the store's own clock */
  endsAt: number;
}

export interface Spent {
  /** whether every budget had room, and so each was spent */
  ok: boolean;
  /** when refused, the milliseconds until the last full budget resets; 0 otherwise */
  resetInMs: number;
  /** when spent, the hit on each budget, in their order; none when refused */
  spent: readonly SpentHit[];
}

/** Fixed-window counters, in memory for one instance or in Redis for several. */
export interface RateLimitStore {
  hit(key: string, windowMs: number, nowMs: number): Promise<WindowCount>;
  /** The hits counted in the key's current window, without adding one (0 when none). */
  peek(key: string, nowMs: number): Promise<WindowCount>;
  /**
   * One hit on every budget if each has room, none if any is full, as one step: no other request's
   * check or spend comes between this one's, so parallel requests never pass a limit together.
   */
  spendIfRoom(budgets: readonly Budget[], nowMs: number): Promise<Spent>;
  /**
   * Gives back hits spendIfRoom spent, as one step, each only while its window is the one it was
   * spent in: a later window never gets room it did not spend. Reserve first, refund what turns
   * out not to count, and parallel requests still never pass a limit together.
   */
  refund(hits: readonly SpentHit[]): Promise<void>;
  close(): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  hit(key: string, windowMs: number, nowMs: number): Promise<WindowCount> {
    return Promise.resolve(this.count(key, windowMs, nowMs));
  }

  peek(key: string, nowMs: number): Promise<WindowCount> {
    return Promise.resolve(this.current(key, nowMs));
  }

  /** Checked and spent without an await between, so nothing else in this process runs in the middle. */
  spendIfRoom(budgets: readonly Budget[], nowMs: number): Promise<Spent> {
    const full = budgets.map((budget) => this.current(budget.key, nowMs)).filter((count, i) => count.count >= (budgets[i]?.limit ?? 0));
    if (full.length > 0) return Promise.resolve({ ok: false, resetInMs: Math.max(...full.map((count) => count.resetInMs)), spent: [] });
    const spent = budgets.map(({ key, windowMs }) => ({ key, windowMs, endsAt: nowMs + this.count(key, windowMs, nowMs).resetInMs }));
    return Promise.resolve({ ok: true, resetInMs: 0, spent });
  }

  /** A window is known by when it ends: a later one of the same key ends later. */
  refund(hits: readonly SpentHit[]): Promise<void> {
    for (const hit of hits) {
      const entry = this.windows.get(hit.key);
      if (entry && entry.resetAt === hit.endsAt && entry.count > 0) entry.count -= 1;
    }
    return Promise.resolve();
  }

  private count(key: string, windowMs: number, nowMs: number): WindowCount {
    this.sweep(nowMs);
    let entry = this.windows.get(key);
    if (!entry || entry.resetAt <= nowMs) {
      entry = { count: 0, resetAt: nowMs + windowMs };
      this.windows.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, resetInMs: entry.resetAt - nowMs };
  }

  private current(key: string, nowMs: number): WindowCount {
    const entry = this.windows.get(key);
    if (!entry || entry.resetAt <= nowMs) return { count: 0, resetInMs: 0 };
    return { count: entry.count, resetInMs: entry.resetAt - nowMs };
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

/**
 * spendIfRoom in one script, so Redis runs nothing else between the check and the spend. KEYS are
 * the budgets' counters; ARGV holds each one's limit and window, in turn. A full counter found
 * without an expiry gets its window, as HIT_SCRIPT does. When spent, it answers when each
 * counter's window ends by Redis's clock (TIME), for refund. Redis 6 commands only (GET, PTTL,
 * INCR, TIME, a two-argument PEXPIRE).
 */
export const SPEND_SCRIPT = `
local reset = -1
for i, key in ipairs(KEYS) do
  local count = tonumber(redis.call('GET', key) or '0')
  if count >= tonumber(ARGV[2 * i - 1]) then
    local ttl = redis.call('PTTL', key)
    if ttl < 0 then
      redis.call('PEXPIRE', key, ARGV[2 * i])
      ttl = tonumber(ARGV[2 * i])
    end
    if ttl > reset then reset = ttl end
  end
end
if reset >= 0 then return {0, reset} end
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local answer = {1, 0}
for i, key in ipairs(KEYS) do
  redis.call('INCR', key)
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then
    redis.call('PEXPIRE', key, ARGV[2 * i])
    ttl = tonumber(ARGV[2 * i])
  end
  answer[i + 2] = now + ttl
end
return answer`;
const SPEND_SCRIPT_SHA = createHash('sha1').update(SPEND_SCRIPT).digest('hex');

/**
 * refund in one script. ARGV holds each hit's window end and length, in turn. A counter is the
 * window spent in while it ends then; a later window ends at least its length later, so half a
 * length of difference tells them apart whatever the milliseconds lost in PTTL's rounding.
 * Redis 6 commands only (TIME, PTTL, GET, DECR).
 */
export const REFUND_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
for i, key in ipairs(KEYS) do
  local ttl = redis.call('PTTL', key)
  local count = tonumber(redis.call('GET', key) or '0')
  if ttl > 0 and count > 0 and math.abs(now + ttl - tonumber(ARGV[2 * i - 1])) * 2 < tonumber(ARGV[2 * i]) then
    redis.call('DECR', key)
  end
end
return 1`;
const REFUND_SCRIPT_SHA = createHash('sha1').update(REFUND_SCRIPT).digest('hex');

/**
 * A lease of hits on one budget, in one script. ARGV: the limit, the window, the most hits to take.
 * Refused (0 and the milliseconds until the window resets) when the counter is full; otherwise it
 * takes a tenth of the room left, no more than the most and at least one (so the last hits of a
 * window go one at a time), and answers 1, the hits taken, the milliseconds left in their window
 * and when it ends by Redis's clock. A counter found without an expiry gets its window, as
 * HIT_SCRIPT does. Redis 6 commands only (GET, PTTL, INCRBY, TIME, a two-argument PEXPIRE).
 */
export const LEASE_SCRIPT = `
local limit = tonumber(ARGV[1])
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local take = 0
if count < limit then
  take = math.max(1, math.min(tonumber(ARGV[3]), math.floor((limit - count) / 10)))
  redis.call('INCRBY', KEYS[1], take)
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
if take == 0 then return {0, ttl} end
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
return {1, take, ttl, now + ttl}`;
const LEASE_SCRIPT_SHA = createHash('sha1').update(LEASE_SCRIPT).digest('hex');

/** Hits this instance took from Redis in one step, spent here without asking again while their window lasts. */
interface Lease {
  left: number;
  windowMs: number;
  /** when the window ends by Redis's clock, as spendIfRoom's hits say (for refund) */
  endsAt: number;
  /**
   * when the lease stops being spent, by this process's monotonic clock: when the script was sent
   * plus the milliseconds its window had left when it ran, so never after the window in Redis ends
   * (whatever the two clocks say)
   */
  usableUntil: number;
}

/** Two ends of a window (by Redis's clock, rounded to milliseconds) of the same window: see REFUND_SCRIPT. */
const sameWindow = (end: number, other: number, windowMs: number) => Math.abs(end - other) * 2 < windowMs;

/** Shared counters: every instance behind a balancer sees the same limits. */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly fallback = new MemoryRateLimitStore();
  /** hits spent in the fallback while Redis was away: given back there, not in Redis */
  private readonly spentInFallback = new WeakSet<SpentHit>();
  /** leases by budget key (Budget.lease); expired ones are dropped once a minute */
  private readonly leases = new Map<string, Lease>();
  /** the lease being asked for, by budget key: a member's parallel requests wait for one */
  private readonly leasing = new Map<string, Promise<Spent | 'leased' | 'failed'>>();
  /** hits spent from a lease: given back to it, not in Redis */
  private readonly spentFromLease = new WeakSet<SpentHit>();
  private lastLeaseSweep = 0;
  /** when Redis started failing (performance.now()), undefined while it answers */
  private failingSince: number | undefined;
  /** while Redis is failing, when to ask it again */
  private retryAt = 0;
  private lastReconnect = 0;
  private readonly watchers: Array<(shared: boolean, error?: unknown) => void> = [];
  private readonly retryAfterMs: number;
  private readonly reconnectAfterMs: number;

  constructor(
    private readonly redis: Redis,
    private readonly prefix = RATE_LIMIT_PREFIX,
    private readonly onError: (error: unknown) => void = () => undefined,
    away: RedisAwayOptions = {},
  ) {
    this.retryAfterMs = away.retryAfterMs ?? 1000;
    this.reconnectAfterMs = away.reconnectAfterMs ?? 5000;
  }

  /**
   * Calls `watcher` when the limits stop being shared (Redis failed: they are counted in this
   * process, with the error) and when they are shared again.
   */
  watch(watcher: (shared: boolean, error?: unknown) => void): void {
    this.watchers.push(watcher);
  }

  /** One Redis call, or RedisAway at once while Redis is away: one call a retryAfterMs finds out whether it is back. */
  private async ask<T>(call: () => Promise<T>): Promise<T> {
    const now = performance.now();
    if (this.failingSince !== undefined && now < this.retryAt) throw new RedisAway();
    // The one call that tries Redis again; the others meanwhile count here.
    if (this.failingSince !== undefined) this.retryAt = now + this.retryAfterMs;
    try {
      const answer = await call();
      if (this.failingSince !== undefined) {
        this.failingSince = undefined;
        for (const watcher of this.watchers) watcher(true);
      }
      return answer;
    } catch (error) {
      this.failedAt(performance.now(), error);
      throw error;
    }
  }

  private failedAt(now: number, error: unknown): void {
    if (this.failingSince === undefined) {
      this.failingSince = now;
      for (const watcher of this.watchers) watcher(false, error);
    }
    this.retryAt = now + this.retryAfterMs;
    if (now - this.failingSince >= this.reconnectAfterMs && now - this.lastReconnect >= this.reconnectAfterMs) {
      this.lastReconnect = now;
      this.redis.disconnect(true);
    }
  }

  /** An error worth telling onError: not the RedisAway of a call skipped while Redis is away. */
  private report(error: unknown): void {
    if (!(error instanceof RedisAway)) this.onError(error);
  }

  async hit(key: string, windowMs: number, nowMs: number): Promise<WindowCount> {
    try {
      const answer = await this.runScript(HIT_SCRIPT, HIT_SCRIPT_SHA, [this.prefix + key], [windowMs]);
      const count: unknown = Array.isArray(answer) ? answer[0] : undefined;
      const ttl: unknown = Array.isArray(answer) ? answer[1] : undefined;
      if (typeof count !== 'number' || typeof ttl !== 'number') throw new Error('unexpected answer from Redis');
      return { count, resetInMs: ttl > 0 ? ttl : windowMs };
    } catch (error) {
      // Limits stay in force, per instance, while Redis is away.
      this.report(error);
      return this.fallback.hit(key, windowMs, nowMs);
    }
  }

  async peek(key: string, nowMs: number): Promise<WindowCount> {
    try {
      const [count, ttl] = await this.ask(() => Promise.all([this.redis.get(this.prefix + key), this.redis.pttl(this.prefix + key)]));
      return count === null || ttl <= 0 ? { count: 0, resetInMs: 0 } : { count: Number(count), resetInMs: ttl };
    } catch (error) {
      this.report(error);
      return this.fallback.peek(key, nowMs);
    }
  }

  async spendIfRoom(budgets: readonly Budget[], nowMs: number): Promise<Spent> {
    if (budgets.length === 0) return { ok: true, resetInMs: 0, spent: [] };
    const [only] = budgets;
    if (budgets.length === 1 && only && (only.lease ?? 1) > 1) return this.spendLeased(only, nowMs);
    try {
      const keys = budgets.map((budget) => this.prefix + budget.key);
      const answer = await this.runScript(
        SPEND_SCRIPT,
        SPEND_SCRIPT_SHA,
        keys,
        budgets.flatMap((budget) => [budget.limit, budget.windowMs]),
      );
      const fields: unknown[] = Array.isArray(answer) ? answer : [];
      const [ok, reset, ...ends] = fields;
      if (typeof ok !== 'number' || typeof reset !== 'number') throw new Error('unexpected answer from Redis');
      if (ok !== 1) return { ok: false, resetInMs: reset, spent: [] };
      const spent = budgets.map(({ key, windowMs }, i) => {
        const endsAt = ends[i];
        if (typeof endsAt !== 'number') throw new Error('unexpected answer from Redis');
        return { key, windowMs, endsAt };
      });
      return { ok: true, resetInMs: 0, spent };
    } catch (error) {
      this.report(error);
      return this.spendInFallback(budgets, nowMs);
    }
  }

  /**
   * One hit from this instance's lease on the budget, taking a new lease from Redis when it has none
   * left (LEASE_SCRIPT). Parallel requests on one budget wait for one lease, then spend from it in turn.
   */
  private async spendLeased(budget: Budget, nowMs: number): Promise<Spent> {
    for (;;) {
      const lease = this.leases.get(budget.key);
      if (lease && lease.left > 0 && performance.now() < lease.usableUntil) {
        lease.left -= 1;
        const hit = { key: budget.key, windowMs: lease.windowMs, endsAt: lease.endsAt };
        this.spentFromLease.add(hit);
        return { ok: true, resetInMs: 0, spent: [hit] };
      }
      let leasing = this.leasing.get(budget.key);
      if (!leasing) {
        leasing = this.takeLease(budget).finally(() => this.leasing.delete(budget.key));
        this.leasing.set(budget.key, leasing);
      }
      const outcome = await leasing;
      if (outcome === 'failed') return this.spendInFallback([budget], nowMs);
      // A new lease has at least one hit: this request or a parallel one spends it, and the others ask again.
      if (outcome !== 'leased') return outcome;
    }
  }

  private async takeLease(budget: Budget): Promise<Spent | 'leased' | 'failed'> {
    const sentAt = performance.now();
    this.sweepLeases(sentAt);
    try {
      const answer = await this.runScript(
        LEASE_SCRIPT,
        LEASE_SCRIPT_SHA,
        [this.prefix + budget.key],
        [budget.limit, budget.windowMs, budget.lease ?? 1],
      );
      const fields: unknown[] = Array.isArray(answer) ? answer : [];
      const [ok, taken, left, endsAt] = fields;
      if (ok === 0 && typeof taken === 'number') return { ok: false, resetInMs: taken, spent: [] };
      if (ok !== 1 || typeof taken !== 'number' || typeof left !== 'number' || typeof endsAt !== 'number' || taken < 1)
        throw new Error('unexpected answer from Redis');
      this.leases.set(budget.key, { left: taken, windowMs: budget.windowMs, endsAt, usableUntil: sentAt + left });
      return 'leased';
    } catch (error) {
      this.report(error);
      return 'failed';
    }
  }

  private sweepLeases(now: number): void {
    if (now - this.lastLeaseSweep < 60_000) return;
    this.lastLeaseSweep = now;
    for (const [key, lease] of this.leases) if (lease.usableUntil <= now) this.leases.delete(key);
  }

  /** Limits stay in force, per instance, while Redis is away; what is spent there is given back there. */
  private async spendInFallback(budgets: readonly Budget[], nowMs: number): Promise<Spent> {
    const spent = await this.fallback.spendIfRoom(budgets, nowMs);
    for (const hit of spent.spent) this.spentInFallback.add(hit);
    return spent;
  }

  async refund(hits: readonly SpentHit[]): Promise<void> {
    await this.fallback.refund(hits.filter((hit) => this.spentInFallback.has(hit)));
    // A hit from a lease goes back to the lease while its window lasts: Redis counted it in that window.
    for (const hit of hits.filter((hit) => this.spentFromLease.has(hit))) {
      const lease = this.leases.get(hit.key);
      if (lease && sameWindow(lease.endsAt, hit.endsAt, hit.windowMs) && performance.now() < lease.usableUntil) lease.left += 1;
    }
    const inRedis = hits.filter((hit) => !this.spentInFallback.has(hit) && !this.spentFromLease.has(hit));
    if (inRedis.length === 0) return;
    try {
      await this.runScript(
        REFUND_SCRIPT,
        REFUND_SCRIPT_SHA,
        inRedis.map((hit) => this.prefix + hit.key),
        inRedis.flatMap((hit) => [hit.endsAt, hit.windowMs]),
      );
    } catch (error) {
      // Not given back: the attempt counts, which errs on the side of the limit.
      this.report(error);
    }
  }

  /** By its hash, so the script's text crosses the network only after Redis forgets it. */
  private runScript(script: string, sha: string, keys: string[], args: number[]): Promise<unknown> {
    return this.ask(async () => {
      try {
        return await this.redis.evalsha(sha, keys.length, ...keys, ...args);
      } catch (error) {
        if (!(error instanceof Error && error.message.startsWith('NOSCRIPT'))) throw error;
        return this.redis.eval(script, keys.length, ...keys, ...args);
      }
    });
  }

  async close(): Promise<void> {
    await this.fallback.close();
    this.redis.disconnect();
  }
}
