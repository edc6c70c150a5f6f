/**
 * What the test run is told through its environment. The tests' one reader of process.env, as
 * src/config.ts is the server's (eslint.config.js keeps every other file from reading it).
 */

/** The database project this test file runs in: vitest.config.ts sets TEST_DATABASE for each. */
export const onPostgres = process.env.TEST_DATABASE === 'postgres';

/** The PostgreSQL server the postgres project clones its databases on, when set. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

/** A Redis for the shared rate-limit store's tests, when set. */
export const testRedisUrl = process.env.TEST_REDIS_URL || undefined;

/** SOAK=1 (npm run soak): the long runs of the load, model and fuzz tests. */
export const soak = Boolean(process.env.SOAK);

/** FUZZ_SEED: replays a fuzz run with the seed it printed. */
export const fuzzSeed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

/** VOTE_MODEL_SEED: replays a run of the vote model test. */
export const voteModelSeed = process.env.VOTE_MODEL_SEED;

/** REQUIRE_NPM_AUDIT=1: an audit that cannot run fails the test instead of skipping it (CI). */
export const requireNpmAudit = process.env.REQUIRE_NPM_AUDIT === '1';

/** POSTGRES_BIN: where initdb and pg_ctl are, when not in Debian's place. */
export const postgresBin = process.env.POSTGRES_BIN || undefined;

/** What a child process keeps of this one's environment: PATH and HOME, the rest given by the test. */
export const childEnvironment = (env: Record<string, string>): Record<string, string> => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  ...env,
});

/** This process's whole environment, for a tool run as the user runs it (npm audit). */
export const inheritedEnvironment = (env: Record<string, string>): NodeJS.ProcessEnv => ({ ...process.env, ...env });
