import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelay, type Relay } from '../support/relay.js';
import { startServer, type ServerProcess } from '../support/server-process.js';
import { call, START_TIMEOUT_MS, sleep, waitFor } from '../support/http.js';
import { testRedisUrl } from '../support/config.js';

/**
 * docs/deployment.md, REDIS_URL: Redis stops answering while its connection stays open (a stalled
 * server or network). The instance keeps answering, counting the limits alone, says so in its log,
 * and says so again when Redis answers.
 */
describe.runIf(testRedisUrl)('a Redis that stops answering', () => {
  let dataDir: string;
  let relay: Relay;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'filmlist-redis-stall-'));
    const redis = new URL(testRedisUrl ?? '');
    relay = await startRelay(redis.host);
    server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'false', REDIS_URL: `redis://${relay.host}/13` }, START_TIMEOUT_MS);
    // Longer than the start's own limit, so a start that is too slow fails with the server's output, not a bare hook timeout.
  }, START_TIMEOUT_MS + 15_000);
  afterAll(async () => {
    await server?.stop();
    await relay.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const check = (i: number) =>
    call(server?.url ?? '', '/api/users/check', { method: 'POST', body: { username: `stall${i}` }, timeoutMs: 10_000 });

  it('keeps answering limited requests within a second, logs that the limits are no longer shared, and logs their return', async () => {
    expect((await check(1)).status).toBe(200);
    relay.mode = 'hold';
    const stalled = await Promise.all([2, 3, 4].map(check));
    for (const answer of stalled) {
      expect(answer.status).toBe(200);
      expect(answer.ms).toBeLessThan(1500);
    }
    await waitFor('the warning', 5000, () => server?.output().includes('rate limits are counted by this instance alone') ?? false);
    relay.mode = 'pass';
    await sleep(1200);
    expect((await check(5)).status).toBe(200);
    await waitFor('the return', 5000, () => server?.output().includes('Redis answers again') ?? false);
  });
});
