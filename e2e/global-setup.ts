import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startServer } from '../packages/server/src/test/server-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    e2eDataDir: string;
  }
}

export const E2E_REVIEWER = 'rita';

/**
 * Browser journeys run against the real server on a fresh embedded database,
 * with the production build of the web app, as `npm start` serves it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  if (!process.env.E2E_SKIP_BUILD) {
    execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
      cwd: path.join(root, 'packages/web'),
      stdio: 'inherit',
      // Vitest sets NODE_ENV=test, which would build React's development bundle.
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'filmlist-e2e-'));
  const server = await startServer({ DATA_DIR: dataDir, REVIEWERS: E2E_REVIEWER, SEED_DEMO: 'true', LOG_LEVEL: 'warn' }, 60_000);
  project.provide('baseUrl', server.url.replace('127.0.0.1', 'localhost'));
  project.provide('e2eDataDir', dataDir);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
