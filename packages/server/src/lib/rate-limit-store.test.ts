import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisRateLimitStore } from './rate-limit-store.js';

describe.runIf(process.env.TEST_REDIS_URL)('the Redis rate-limit store', () => {
  const url = process.env.TEST_REDIS_URL ?? '';
  const prefix = `filmlist:test:${randomUUID()}:`;
  let redis: Redis;
  let store: RedisRateLimitStore;
  const errors: unknown[] = [];

  beforeAll(() => {
    redis = new Redis(url);
    store = new RedisRateLimitStore(new Redis(url, { maxRetriesPerRequest: 1 }), prefix, (error) => errors.push(error));
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
