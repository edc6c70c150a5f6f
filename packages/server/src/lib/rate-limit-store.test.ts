import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRateLimitStore, rateLimitRedis, RedisRateLimitStore, type RateLimitStore } from './rate-limit-store.js';
import { testRedisUrl } from '../../test/support/config.js';
import { socketWrites } from '../../test/support/socket-writes.js';
import { startRelay, type Relay } from '../../test/support/relay.js';

describe.runIf(testRedisUrl)('the Redis rate-limit store', () => {
  const url = testRedisUrl ?? '';
  const prefix = `filmlist:test:${randomUUID()}:`;
  let redis: Redis;
  let store: RedisRateLimitStore;
  const errors: unknown[] = [];

  beforeAll(() => {
    redis = new Redis(url);
    store = new RedisRateLimitStore(rateLimitRedis(url, { enableOfflineQueue: true }), prefix, (error) => errors.push(error));
  });
  afterAll(async () => {
    await store.close();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('counts hits in one window, which the first hit gives its expiry', async () => {
    const counts = [];
    for (let i = 0; i < 3; i += 1) counts.push(await store.hit('window', 300, 0));
    expect(counts.map((c) => c.count)).toEqual([1, 2, 3]);
    for (const { resetInMs } of counts) expect(resetInMs).toBeGreaterThan(0);
    for (const { resetInMs } of counts) expect(resetInMs).toBeLessThanOrEqual(300);
    const ttl = await redis.pttl(`${prefix}window`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(300);

    await sleep(400);
    expect((await store.hit('window', 300, 0)).count).toBe(1);
    expect(errors).toEqual([]);
  });

  it('gives a counter found without an expiry one at its next hit', async () => {
    await redis.set(`${prefix}stuck`, '7');
    expect(await redis.pttl(`${prefix}stuck`)).toBe(-1);
    const hit = await store.hit('stuck', 60_000, 0);
    expect(hit).toEqual({ count: 8, resetInMs: 60_000 });
    expect(await redis.pttl(`${prefix}stuck`)).toBeGreaterThan(59_000);
  });

  it('runs on Redis 6: only INCR, PTTL and a two-argument PEXPIRE touch the key (no NX)', async () => {
    const monitor = await new Redis(url).monitor();
    const commands: string[][] = [];
    monitor.on('monitor', (_time: string, args: string[]) => {
      if (args.some((arg) => arg.startsWith(`${prefix}redis6`))) commands.push(args);
    });
    try {
      await store.hit('redis6', 60_000, 0);
      await store.hit('redis6', 60_000, 0);
      await sleep(100);
    } finally {
      monitor.disconnect();
    }
    const names = commands.map(([name]) => name?.toUpperCase());
    expect(names).toContain('PEXPIRE');
    for (const [name, ...args] of commands) {
      expect(['EVALSHA', 'EVAL', 'INCR', 'PTTL', 'PEXPIRE']).toContain(name?.toUpperCase());
      if (name?.toUpperCase() === 'PEXPIRE') expect(args).toEqual([`${prefix}redis6`, '60000']);
    }
    // The expiry is set once, by the hit that created the key.
    expect(names.filter((name) => name === 'PEXPIRE')).toHaveLength(1);
  });

  it('sends the script again when Redis has forgotten it', async () => {
    await redis.script('FLUSH');
    expect((await store.hit('flushed', 60_000, 0)).count).toBe(1);
    expect((await store.hit('flushed', 60_000, 0)).count).toBe(2);
    expect(Number(await redis.get(`${prefix}flushed`))).toBe(2);
    expect(errors).toEqual([]);
  });
});

/** spendIfRoom's tests, for a store that `open` makes (each key under `key`'s own name). */
function spendsAtomically(open: () => RateLimitStore, key: (name: string) => string): void {
  it('spends one hit on every budget when all have room, and none when one is full', async () => {
    const store = open();
    const budgets = [
      { key: key('spend-a'), limit: 2, windowMs: 60_000 },
      { key: key('spend-b'), limit: 5, windowMs: 60_000 },
    ];
    for (let i = 0; i < 2; i += 1) expect(await store.spendIfRoom(budgets, 0)).toMatchObject({ ok: true, resetInMs: 0 });
    const refused = await store.spendIfRoom(budgets, 0);
    expect(refused.ok).toBe(false);
    expect(refused.spent).toEqual([]);
    expect(refused.resetInMs).toBeGreaterThan(0);
    expect(refused.resetInMs).toBeLessThanOrEqual(60_000);
    // The refusal spent nothing, on the full budget or on the other.
    expect((await store.peek(key('spend-a'), 0)).count).toBe(2);
    expect((await store.peek(key('spend-b'), 0)).count).toBe(2);
  });

  it('lets exactly the room through when 20 ask at the same moment', async () => {
    const store = open();
    const budgets = [
      { key: key('race-a'), limit: 3, windowMs: 60_000 },
      { key: key('race-b'), limit: 10, windowMs: 60_000 },
    ];
    const answers = await Promise.all(Array.from({ length: 20 }, () => store.spendIfRoom(budgets, 0)));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(3);
    expect((await store.peek(key('race-a'), 0)).count).toBe(3);
    expect((await store.peek(key('race-b'), 0)).count).toBe(3);
  });

  it('gives a hit back in the window it was spent in, and never to a later window', async () => {
    const store = open();
    // A window long enough that a busy machine's pauses between these calls stay inside it (Redis counts real time).
    const budgets = [{ key: key('refund'), limit: 2, windowMs: 1_500 }];
    const first = await store.spendIfRoom(budgets, 0);
    const second = await store.spendIfRoom(budgets, 0);
    expect(first.spent.map((hit) => hit.key)).toEqual([key('refund')]);
    expect((await store.spendIfRoom(budgets, 0)).ok).toBe(false);
    await store.refund(first.spent);
    expect((await store.peek(key('refund'), 0)).count).toBe(1);
    const third = await store.spendIfRoom(budgets, 0);
    expect(third.ok).toBe(true);
    // The window ends (by the memory store's clock and Redis's): the new one owes the old hits nothing.
    await sleep(1_600);
    expect((await store.spendIfRoom(budgets, 1_600)).ok).toBe(true);
    await store.refund([...second.spent, ...third.spent]);
    expect((await store.peek(key('refund'), 1_600)).count).toBe(1);
  });

  it('lets exactly the limit through a leased budget when 400 ask at once on one instance', async () => {
    const store = open();
    const budget = { key: key('leased-race'), limit: 300, windowMs: 60_000, lease: 10 };
    const answers = await Promise.all(Array.from({ length: 400 }, () => store.spendIfRoom([budget], 0)));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(300);
    expect((await store.peek(key('leased-race'), 0)).count).toBe(300);
    const refused = answers.find((answer) => !answer.ok);
    expect(refused?.resetInMs).toBeGreaterThan(0);
    expect(refused?.spent).toEqual([]);
  });

  it('lets exactly the room through when 20 reserve at once, and no more than is given back while 20 more ask', async () => {
    const store = open();
    const budgets = [{ key: key('reserve'), limit: 5, windowMs: 60_000 }];
    const first = await Promise.all(Array.from({ length: 20 }, () => store.spendIfRoom(budgets, 0)));
    const reserved = first.filter((answer) => answer.ok);
    expect(reserved).toHaveLength(5);
    const [again] = await Promise.all([
      Promise.all(Array.from({ length: 20 }, () => store.spendIfRoom(budgets, 0))),
      ...reserved.slice(0, 2).map((answer) => store.refund(answer.spent)),
    ]);
    expect(again.filter((answer) => answer.ok).length).toBeLessThanOrEqual(2);
    expect((await store.peek(key('reserve'), 0)).count).toBe(3 + again.filter((answer) => answer.ok).length);
    expect((await store.spendIfRoom(budgets, 0)).ok).toBe(again.filter((answer) => answer.ok).length < 2);
  });
}

describe('spendIfRoom on the memory store', () => {
  spendsAtomically(
    () => new MemoryRateLimitStore(),
    (name) => name,
  );
});

describe.runIf(testRedisUrl)('spendIfRoom on the Redis store', () => {
  const url = testRedisUrl ?? '';
  const prefix = `filmlist:test:${randomUUID()}:`;
  const stores: RedisRateLimitStore[] = [];
  const errors: unknown[] = [];
  let redis: Redis;
  const open = () => {
    // Each store its own connection, as each instance has: the race goes through Redis, not one client.
    const store = new RedisRateLimitStore(rateLimitRedis(url, { enableOfflineQueue: true }), prefix, (error) => errors.push(error));
    stores.push(store);
    return store;
  };

  beforeAll(() => {
    redis = new Redis(url);
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    expect(errors).toEqual([]);
  });

  spendsAtomically(open, (name) => name);

  it('lets exactly the room through when 20 ask at once through 20 connections', async () => {
    const budgets = [{ key: 'many', limit: 3, windowMs: 60_000 }];
    const answers = await Promise.all(Array.from({ length: 20 }, () => open().spendIfRoom(budgets, 0)));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(3);
    expect(Number(await redis.get(`${prefix}many`))).toBe(3);
  });

  it('sends the limits asked for in one turn of the event loop to Redis in one write', async () => {
    const store = open();
    await store.spendIfRoom([{ key: 'turn-warm', limit: 100, windowMs: 60_000 }], 0);
    const { result, writes } = await socketWrites(() =>
      Promise.all(Array.from({ length: 20 }, (_, i) => store.spendIfRoom([{ key: `turn-${i}`, limit: 1, windowMs: 60_000 }], 0))),
    );
    expect(result.map((answer) => answer.ok)).toEqual(Array.from({ length: 20 }, () => true));
    expect(writes).toBe(1);
  });

  it('gives a full counter found without an expiry its window, and runs on Redis 6 commands', async () => {
    await redis.set(`${prefix}stuck-full`, '3');
    await redis.set(`${prefix}stuck-leased`, '3');
    const monitor = await new Redis(url).monitor();
    const commands: string[][] = [];
    monitor.on('monitor', (_time: string, args: string[]) => {
      if (args.some((arg) => arg.startsWith(prefix))) commands.push(args);
    });
    try {
      const refused = await open().spendIfRoom([{ key: 'stuck-full', limit: 3, windowMs: 60_000 }], 0);
      expect(refused).toEqual({ ok: false, resetInMs: 60_000, spent: [] });
      expect(await redis.pttl(`${prefix}stuck-full`)).toBeGreaterThan(59_000);
      const refusedLease = await open().spendIfRoom([{ key: 'stuck-leased', limit: 3, windowMs: 60_000, lease: 10 }], 0);
      expect(refusedLease).toEqual({ ok: false, resetInMs: 60_000, spent: [] });
      expect(await redis.pttl(`${prefix}stuck-leased`)).toBeGreaterThan(59_000);
      const leased = await open().spendIfRoom([{ key: 'fresh-leased', limit: 300, windowMs: 60_000, lease: 10 }], 0);
      expect(leased.ok).toBe(true);
      const store = open();
      const spent = await store.spendIfRoom([{ key: 'fresh', limit: 3, windowMs: 60_000 }], 0);
      await store.refund(spent.spent);
      await sleep(100);
    } finally {
      monitor.disconnect();
    }
    // TIME names no key, so it is not among these; the scripts call it too.
    for (const [name] of commands)
      expect(['EVALSHA', 'EVAL', 'GET', 'INCR', 'INCRBY', 'DECR', 'PTTL', 'PEXPIRE']).toContain(name?.toUpperCase());
    expect(commands.some(([name]) => name?.toUpperCase() === 'INCR')).toBe(true);
    expect(commands.some(([name]) => name?.toUpperCase() === 'DECR')).toBe(true);
    expect(await redis.get(`${prefix}fresh`)).toBe('0');
  });

  it('gives a hit spent while Redis was away back where it was spent', async () => {
    const away = new RedisRateLimitStore(rateLimitRedis('redis://127.0.0.1:1', { maxRetriesPerRequest: 0, lazyConnect: true }), prefix);
    const budgets = [{ key: 'away', limit: 1, windowMs: 60_000 }];
    const spent = await away.spendIfRoom(budgets, 0);
    expect(spent.ok).toBe(true);
    expect((await away.spendIfRoom(budgets, 0)).ok).toBe(false);
    await away.refund(spent.spent);
    expect((await away.spendIfRoom(budgets, 0)).ok).toBe(true);
    await away.close();
  });

  describe('a leased budget', () => {
    const counted = async (name: string) => Number(await redis.get(`${prefix}${name}`));

    it('takes up to the lease from Redis in one step, then spends it without asking Redis again', async () => {
      const store = open();
      const budget = { key: 'lease', limit: 300, windowMs: 60_000, lease: 10 };
      expect((await store.spendIfRoom([budget], 0)).ok).toBe(true);
      expect(await counted('lease')).toBe(10);
      const { result, writes } = await socketWrites(() => Promise.all(Array.from({ length: 9 }, () => store.spendIfRoom([budget], 0))));
      expect(result.every((answer) => answer.ok)).toBe(true);
      expect(writes).toBe(0);
      expect(await counted('lease')).toBe(10);
      // The eleventh hit takes the next lease.
      expect((await store.spendIfRoom([budget], 0)).ok).toBe(true);
      expect(await counted('lease')).toBe(20);
    });

    it('takes a tenth of the room left, so the last hits of a window go one at a time', async () => {
      const store = open();
      const budget = { key: 'tenth', limit: 300, windowMs: 60_000, lease: 10 };
      await redis.set(`${prefix}tenth`, '245', 'PX', 60_000);
      // 55 left: a lease of 5, one spent.
      await store.spendIfRoom([budget], 0);
      expect(await counted('tenth')).toBe(250);
      await redis.set(`${prefix}tenth`, '290', 'PX', 60_000);
      for (let i = 0; i < 4; i += 1) await store.spendIfRoom([budget], 0);
      expect(await counted('tenth')).toBe(290);
      // 10 left: one at a time.
      await store.spendIfRoom([budget], 0);
      expect(await counted('tenth')).toBe(291);
      await store.spendIfRoom([budget], 0);
      expect(await counted('tenth')).toBe(292);
    });

    it('never lets more than the limit through instances that race, and refuses early by at most one lease per other instance', async () => {
      const instances = [open(), open(), open()];
      const budget = { key: 'shared', limit: 300, windowMs: 60_000, lease: 10 };
      const answers = await Promise.all(instances.flatMap((store) => Array.from({ length: 150 }, () => store.spendIfRoom([budget], 0))));
      const passed = answers.filter((answer) => answer.ok).length;
      expect(passed).toBeLessThanOrEqual(300);
      expect(passed).toBeGreaterThanOrEqual(300 - 2 * 10);
      expect(await counted('shared')).toBe(300);
    });

    it('spends a lease only within the window it was taken in', async () => {
      const store = open();
      const budget = { key: 'short', limit: 300, windowMs: 300, lease: 10 };
      const first = await store.spendIfRoom([budget], 0);
      await sleep(400);
      const second = await store.spendIfRoom([budget], 0);
      expect(second.ok).toBe(true);
      // A new window in Redis, with a new lease: the old one's nine hits were not spent in it.
      expect(await counted('short')).toBe(10);
      const [before] = first.spent;
      const [after] = second.spent;
      expect((after?.endsAt ?? 0) - (before?.endsAt ?? 0)).toBeGreaterThanOrEqual(300);
    });

    it('gives a hit back to its lease, not to Redis, and never to a later window', async () => {
      const store = open();
      const budget = { key: 'given-back', limit: 300, windowMs: 60_000, lease: 10 };
      const spent = await Promise.all(Array.from({ length: 10 }, () => store.spendIfRoom([budget], 0)));
      await store.refund(spent[0]?.spent ?? []);
      expect(await counted('given-back')).toBe(10);
      const { writes } = await socketWrites(() => store.spendIfRoom([budget], 0));
      expect(writes).toBe(0);
      expect(await counted('given-back')).toBe(10);

      const short = { key: 'given-back-short', limit: 300, windowMs: 300, lease: 10 };
      const old = await store.spendIfRoom([short], 0);
      await sleep(400);
      await store.spendIfRoom([short], 0);
      await store.refund(old.spent);
      // The new window's lease (10, one spent) did not grow: nine more, then the next lease.
      for (let i = 0; i < 9; i += 1) await store.spendIfRoom([short], 0);
      expect(await counted('given-back-short')).toBe(10);
      await store.spendIfRoom([short], 0);
      expect(await counted('given-back-short')).toBe(20);
    });

    it("spends in this instance's own counters while Redis is away", async () => {
      const away = new RedisRateLimitStore(rateLimitRedis('redis://127.0.0.1:1', { maxRetriesPerRequest: 0, lazyConnect: true }), prefix);
      const budget = { key: 'away-leased', limit: 2, windowMs: 60_000, lease: 10 };
      const spent = await away.spendIfRoom([budget], 0);
      expect(spent.ok).toBe(true);
      expect((await away.spendIfRoom([budget], 0)).ok).toBe(true);
      expect((await away.spendIfRoom([budget], 0)).ok).toBe(false);
      await away.refund(spent.spent);
      expect((await away.spendIfRoom([budget], 0)).ok).toBe(true);
      await away.close();
    });
  });
});

describe.runIf(testRedisUrl)('the Redis store when Redis stops answering', () => {
  const url = new URL(testRedisUrl ?? 'redis://127.0.0.1:6379');
  const prefix = `filmlist:test:${randomUUID()}:`;
  const relays: Relay[] = [];
  const stores: RedisRateLimitStore[] = [];
  let redis: Redis;

  /** A store whose connection to Redis goes through a relay the test can stall, and what it told its watcher. */
  async function storeThroughRelay(away: { retryAfterMs: number; reconnectAfterMs: number }) {
    const relay = await startRelay(url.host);
    relays.push(relay);
    const client = rateLimitRedis(`redis://${relay.host}${url.pathname}`, { commandTimeout: 200 });
    client.on('error', () => undefined);
    await new Promise((resolve) => client.once('ready', resolve));
    const store = new RedisRateLimitStore(client, prefix, () => undefined, away);
    stores.push(store);
    const shared: boolean[] = [];
    store.watch((isShared) => shared.push(isShared));
    return { relay, store, shared };
  }
  const counted = async (name: string) => Number(await redis.get(`${prefix}${name}`));

  beforeAll(() => {
    redis = new Redis(url.toString());
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await Promise.all(relays.map((relay) => relay.close()));
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('counts here once a command times out, skips Redis while it is away, and shares again when it answers', async () => {
    const { relay, store, shared } = await storeThroughRelay({ retryAfterMs: 300, reconnectAfterMs: 60_000 });
    expect((await store.hit('stall', 60_000, 0)).count).toBe(1);
    relay.mode = 'hold';
    let started = performance.now();
    expect((await store.hit('stall', 60_000, 0)).count).toBe(1);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(shared).toEqual([false]);
    // Meanwhile every limit is counted here at once, without waiting for Redis.
    started = performance.now();
    const spent = await Promise.all(
      Array.from({ length: 5 }, () => store.spendIfRoom([{ key: 'stall-spend', limit: 3, windowMs: 60_000 }], 0)),
    );
    expect(spent.filter((answer) => answer.ok)).toHaveLength(3);
    expect(performance.now() - started).toBeLessThan(100);

    relay.mode = 'pass';
    await sleep(400);
    await store.hit('stall', 60_000, 0);
    expect(shared).toEqual([false, true]);
    // The held hit reached Redis late, and counts: an error on the side of the limit.
    expect(await counted('stall')).toBe(3);
  });

  it('drops a connection that stays stalled, and counts in Redis again over a new one', async () => {
    const { relay, store, shared } = await storeThroughRelay({ retryAfterMs: 100, reconnectAfterMs: 500 });
    expect((await store.hit('stalled', 60_000, 0)).count).toBe(1);
    // The open connection stalls for good; a new one would pass.
    relay.mode = 'hold';
    const deadline = performance.now() + 5000;
    while (shared.at(-1) !== true && performance.now() < deadline) {
      await store.hit('stalled', 60_000, 0);
      await sleep(100);
    }
    expect(shared).toEqual([false, true]);
    const before = await counted('stalled');
    await store.hit('stalled', 60_000, 0);
    expect(await counted('stalled')).toBe(before + 1);
  });

  it('leaves a connection that never becomes ready, and connects again', async () => {
    const { relay, store, shared } = await storeThroughRelay({ retryAfterMs: 100, reconnectAfterMs: 500 });
    expect((await store.hit('hang', 60_000, 0)).count).toBe(1);
    // ioredis's own reconnection lands on a connection that never answers, and would wait on it.
    relay.mode = 'hang';
    await sleep(300);
    relay.mode = 'pass';
    const deadline = performance.now() + 5000;
    while (shared.at(-1) !== true && performance.now() < deadline) {
      await store.hit('hang', 60_000, 0);
      await sleep(100);
    }
    expect(shared[0]).toBe(false);
    expect(shared.at(-1)).toBe(true);
    const before = await counted('hang');
    await store.hit('hang', 60_000, 0);
    expect(await counted('hang')).toBe(before + 1);
  });
});
