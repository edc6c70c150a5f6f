import { afterAll, afterEach, beforeAll } from 'vitest';
import type { TmdbHttpOptions } from '../../src/modules/film-database/tmdb-http.js';
import { startFakeTmdb, type FakeTmdb } from './fake-tmdb.js';

/** The fake for a test file (or a describe): started before its tests, closed after them, told to recover after each. */
export function useFakeTmdb(): { readonly fake: FakeTmdb } {
  let started: FakeTmdb | undefined;
  beforeAll(async () => {
    started = await startFakeTmdb();
  });
  afterAll(() => started?.close());
  afterEach(() => started?.recover());
  return {
    get fake(): FakeTmdb {
      if (!started) throw new Error('the fake TMDB starts in beforeAll: use it inside a test or a hook');
      return started;
    },
  };
}

/** The film database client with one attempt and no pauses: each failure a test makes is TMDB's own, and the next test starts afresh. */
export const ONE_ATTEMPT: Partial<TmdbHttpOptions> = {
  attempts: 1,
  pauseAfterFailureMs: 0,
  pauseAfterRefusalMs: 0,
  attemptTimeoutMs: 5000,
  deadlineMs: 5000,
};
