import os from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const sharedSrc = fileURLToPath(new URL('./packages/shared/src/', import.meta.url));
const alias = [{ find: /^@filmlist\/shared\/(.*)$/, replacement: `${sharedSrc}$1.ts` }];

/**
 * Every server test runs on the embedded database, and again on PostgreSQL
 * when TEST_DATABASE_URL is set. TEST_EMBEDDED=0 leaves the embedded one out:
 * .ci/run runs PostgreSQL on the machine's Node.js and PGlite on Node 24.
 */
const databases = [...(process.env.TEST_EMBEDDED === '0' ? [] : ['pglite']), ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

/** .ci/run collects every run's counts from JSON reports written here. */
const reportDir = process.env.VITEST_REPORT_DIR;

export default defineConfig({
  test: {
    // Two test files at once even on two cores: most server tests wait on sockets, timers and child
    // processes. Measured on the 2-core CI machine: the unit run took 982 s with one, 580 s with two.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    reporters: reportDir ? ['default', ['json', { outputFile: `${reportDir}/vitest-${process.pid}.json` }]] : ['default'],
    projects: [
      {
        resolve: { alias },
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'web',
          include: ['packages/web/src/**/*.test.{ts,tsx}'],
          // jsdom renders of 10,000 films take seconds on a busy two-core machine.
          testTimeout: 20_000,
          environment: 'jsdom',
          setupFiles: ['packages/web/src/test/setup.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One browser at a time: the machine has two cores and the server needs one.
          fileParallelism: false,
        },
      },
      ...databases.map((database) => ({
        resolve: { alias },
        test: {
          name: `server:${database}`,
          include: ['packages/server/{src,test}/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DATABASE: database },
          globalSetup: ['packages/server/test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
    ],
  },
});
