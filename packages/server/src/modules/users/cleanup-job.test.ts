import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { createMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { startUnverifiedCleanup } from './cleanup-job.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const exists = async (userId: number) => (await t.app.db.select().from(users).where(eq(users.userId, userId))).length === 1;

describe('the unverified-account cleanup job', () => {
  it('removes accounts left unverified for more than 72 hours and keeps the rest', async () => {
    const stale = await createMember(t.app, { verified: false });
    const verified = await createMember(t.app);
    t.clock.advance(72 * 3600_000 + 60_000);
    const fresh = await createMember(t.app, { verified: false });

    const job = startUnverifiedCleanup({ db: t.app.db, clock: t.clock, log: t.app.log, intervalMs: 60_000 });
    try {
      for (let i = 0; i < 50 && (await exists(stale.userId)); i += 1) await new Promise((r) => setTimeout(r, 20));
    } finally {
      job.stop();
    }
    expect(await exists(stale.userId)).toBe(false);
    expect(await exists(verified.userId)).toBe(true);
    expect(await exists(fresh.userId)).toBe(true);
  });
});
