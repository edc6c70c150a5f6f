import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const sharedSrc = fileURLToPath(new URL('./packages/shared/src/', import.meta.url));
const alias = [{ find: /^@filmlist\/shared\/(.*)$/, replacement: `${sharedSrc}$1.ts` }];

const databases = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

/**
 * Every server test runs on the embedded database, and again on PostgreSQL
 * when TEST_DATABASE_URL is set (as .ci/run does).
 */
export default defineConfig({
  test: {
    reporters: process.env.CI ? ['default'] : ['default'],
    projects: [
      {
        resolve: { alias },
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' },
      },
      ...databases.map((database) => ({
        resolve: { alias },
        test: {
          name: `server:${database}`,
          include: ['packages/server/src/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DATABASE: database },
          globalSetup: ['packages/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
    ],
  },
});
