import { describe, expect, it } from 'vitest';
import { databaseReason, isContention, isDatabaseUnavailable, isTransactionConflict } from './pg-errors.js';

/** drizzle wraps a driver error in its own, naming the query; the driver's message is the cause. */
const wrapped = (cause: Error) => new Error('Failed query: select 1\nparams: ', { cause });

describe('isDatabaseUnavailable', () => {
  it('recognises a lost or refused connection however deep drizzle wraps it', () => {
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Client has encountered a connection error and is not queryable')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('timeout exceeded when trying to connect')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(
      true,
    );
  });

  it('does not take other failures for an outage', () => {
    expect(isDatabaseUnavailable(wrapped(new Error('syntax error at or near "selec"')))).toBe(false);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('duplicate key value'), { code: '23505' })))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Something else'))).toBe(false);
  });
});

describe('isTransactionConflict and isContention', () => {
  const failing = (code: string) => wrapped(Object.assign(new Error(`failed with ${code}`), { code }));

  it('take deadlocks and serialization failures for conflicts worth a retry, and a lock timeout or a cancelled statement for contention only', () => {
    expect([failing('40P01'), failing('40001')].map(isTransactionConflict)).toEqual([true, true]);
    expect([failing('55P03'), failing('57014')].map(isTransactionConflict)).toEqual([false, false]);
    expect([failing('40P01'), failing('40001'), failing('55P03'), failing('57014')].map(isContention)).toEqual([true, true, true, true]);
  });

  it('leave other failures alone', () => {
    for (const code of ['23505', '23503', '57P01', '42601']) {
      expect([isTransactionConflict(failing(code)), isContention(failing(code))]).toEqual([false, false]);
    }
    expect(isContention(new Error('deadlock detected'))).toBe(false);
  });
});

describe('databaseReason', () => {
  it("names the driver's fault and code without drizzle's query and parameters", () => {
    const error = new Error('Failed query: select record_rating($1, $2)\nparams: 17,42', {
      cause: Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
    });
    expect(databaseReason(error)).toEqual({ code: '57014', message: 'canceling statement due to statement timeout' });
    expect(databaseReason('odd')).toEqual({ code: undefined, message: 'odd' });
  });
});
