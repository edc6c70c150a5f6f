import { describe, expect, it } from 'vitest';
import { errorBody } from '@filmlist/shared/api/common';
import { messages } from '@filmlist/shared/messages';
import { useTestApp } from '../../../test/support/test-app.js';
import { PASSWORD_WORK, PasswordWorkBusy, passwordWorkPeak, withPasswordSlot } from './password-work.js';
import { freshClientAddress } from '../../../test/support/http.js';

/**
 * A flood of logins for random usernames from many addresses (docs/product.md §Request limits):
 * password checks run a few at a time, a few more wait, and the rest are
 * answered 503 with Retry-After at once. What the flood costs readers is
 * measured by the bench (bench/run.ts, "List p99 under a login flood").
 */
const t = useTestApp();

describe('password hashing under a flood', () => {
  it('runs at most the cap at once, queues a few, and answers the rest 503 with Retry-After, never 500', async () => {
    const flood = 60;
    const answers = await Promise.all(
      Array.from({ length: flood }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: { username: `nobody${i}x${Date.now()}`, password: 'some password to check' },
          remoteAddress: freshClientAddress(),
        }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status !== 401 && status !== 503)).toEqual([]);
    const busy = answers.filter((res) => res.statusCode === 503);
    // At least the excess over the cap and the queue, less the few checks that finished while the flood arrived.
    expect(busy.length).toBeGreaterThanOrEqual(flood - PASSWORD_WORK.concurrent - PASSWORD_WORK.queued - 5);
    for (const res of busy) {
      expect(errorBody.parse(res.json())).toEqual({ error: messages.serviceUnavailable, code: 'busy' });
      expect(res.headers['retry-after']).toBe('1');
    }
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(PASSWORD_WORK.concurrent + PASSWORD_WORK.queued);
    expect(passwordWorkPeak()).toBeLessThanOrEqual(PASSWORD_WORK.concurrent);
    // Once the flood has passed, a login is checked again.
    const after = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { username: 'nobody', password: 'x' } });
    expect(after.statusCode).toBe(401);
  });
});

describe('the password work queue', () => {
  it('runs the cap at once, queues exactly `queued` more, and refuses the rest at once', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = 0;
    const extra = 5;
    const calls = Array.from({ length: PASSWORD_WORK.concurrent + PASSWORD_WORK.queued + extra }, () =>
      withPasswordSlot(async () => {
        started += 1;
        await held;
      }).then(
        () => 'done',
        (error: unknown) => (error instanceof PasswordWorkBusy ? 'busy' : 'failed'),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started).toBeLessThanOrEqual(PASSWORD_WORK.concurrent);
    release();
    const outcomes = await Promise.all(calls);
    expect(outcomes.filter((o) => o === 'busy')).toHaveLength(extra);
    expect(outcomes.filter((o) => o === 'done')).toHaveLength(PASSWORD_WORK.concurrent + PASSWORD_WORK.queued);
  });
});
