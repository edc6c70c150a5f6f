import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRateLimitStore, rateLimitRedis, RedisRateLimitStore } from '../lib/rate-limit-store.js';
import { createTestApp, type TestApp } from '../../test/support/test-app.js';
import { RATE_LIMITS } from './rate-limit.js';
import { testRedisUrl } from '../../test/support/config.js';

// A different username each time, so only the per-address limit applies.
const check = (t: TestApp, ip: string, i: number) =>
  t.app.inject({ method: 'POST', url: '/api/users/check', payload: { username: `someone${i}` }, remoteAddress: ip });

describe('the memory store', () => {
  it('counts per key in fixed windows and resets after the window', async () => {
    const store = new MemoryRateLimitStore();
    expect(await store.hit('k', 1000, 0)).toEqual({ count: 1, resetInMs: 1000 });
    expect(await store.hit('k', 1000, 400)).toEqual({ count: 2, resetInMs: 600 });
    expect(await store.hit('other', 1000, 400)).toEqual({ count: 1, resetInMs: 1000 });
    expect(await store.hit('k', 1000, 1000)).toEqual({ count: 1, resetInMs: 1000 });
  });
});

describe.runIf(testRedisUrl)('limits shared through Redis (REDIS_URL)', () => {
  const prefix = `filmlist:test:${randomUUID()}:`;
  let first: TestApp;
  let second: TestApp;
  let redis: Redis;

  beforeAll(async () => {
    const url = testRedisUrl ?? '';
    redis = new Redis(url);
    const store = () => new RedisRateLimitStore(rateLimitRedis(url, { enableOfflineQueue: true }), prefix);
    first = await createTestApp({ app: { rateLimitStore: store() } });
    second = await createTestApp({ app: { rateLimitStore: store() } });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('counts requests to two instances against one limit', async () => {
    const limit = RATE_LIMITS.check.ip.limit;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i += 1) statuses.push((await check(i % 2 ? first : second, '10.7.0.1', i)).statusCode);
    expect(statuses.slice(0, limit)).toEqual(Array.from({ length: limit }, () => 200));
    expect(statuses.at(-1)).toBe(429);
    const keys = await redis.keys(`${prefix}*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(Number(await redis.pttl(keys[0] ?? ''))).toBeGreaterThan(0);
  });

  it('keeps limiting in memory while Redis is unreachable', async () => {
    const broken = new RedisRateLimitStore(rateLimitRedis('redis://127.0.0.1:1', { maxRetriesPerRequest: 0, lazyConnect: true }), prefix);
    const results = [];
    for (let i = 0; i < 3; i += 1) results.push(await broken.hit('k', 60_000, 0));
    expect(results.map((r) => r.count)).toEqual([1, 2, 3]);
    await broken.close();
  });
});
