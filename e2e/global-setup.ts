import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { builtEntry, startServer } from '@filmlist/server/test/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    e2eDataDir: string;
  }
}

export const E2E_REVIEWER = 'rita';
/** REVIEWERS names addresses: the account that verifies this one is the reviewer. */
export const E2E_REVIEWER_EMAIL = `${E2E_REVIEWER}@reviewers.example.test`;

/**
 * Browser journeys run against what ships: the production build (`npm run build`,
 * which `npm test` and `npm run test:e2e` run first) started as `npm start`
 * starts it, on a fresh embedded database.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(builtEntry)) throw new Error(`${builtEntry} is missing: run \`npm run build\` first (npm run test:e2e does)`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'filmlist-e2e-'));
  const server = await startServer(
    { DATA_DIR: dataDir, REVIEWERS: E2E_REVIEWER_EMAIL, SEED_DEMO: 'true', LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1' },
    60_000,
    { built: true },
  );
  project.provide('baseUrl', server.url.replace('127.0.0.1', 'localhost'));
  project.provide('e2eDataDir', dataDir);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
