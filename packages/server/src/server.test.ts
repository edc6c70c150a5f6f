import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filmList } from '@filmlist/shared/api/films';
import { demoFilmCount } from './seed/demo-films.js';
import { DEMO_MEMBER_COUNT } from './seed/demo-votes.js';
import { openTestDatabase, type TestDatabase } from '../test/support/test-app.js';
import { runServer, startServer } from '../test/support/server-process.js';
import { readable } from '../test/support/smtp.js';
import { onPostgres } from '../test/support/config.js';

let dataDir: string;
let pgDatabase: TestDatabase | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'filmlist-start-'));
  if (onPostgres) pgDatabase = await openTestDatabase(dataDir);
});
afterAll(async () => {
  await pgDatabase?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

const filmCount = async (url: string) => filmList.parse(await (await fetch(`${url}/api/films/allfilms`)).json()).films.length;

describe('starting the server', () => {
  it('migrates, serves the app and the API, says where mail goes, and seeds only a brand-new embedded database', async () => {
    const env = { DATA_DIR: dataDir, REVIEWERS: 'alice@example.com', ...(pgDatabase?.url ? { DATABASE_URL: pgDatabase.url } : {}) };
    const first = await startServer(env);
    try {
      expect(first.output()).toMatch(/Mail: .*outbox/);
      expect(first.output()).toMatch(/REVIEWERS=/);
      const home = await fetch(first.url);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('The Film List');
      expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
      // The demo catalogue goes into a new embedded database, never into DATABASE_URL.
      expect(await filmCount(first.url)).toBe(onPostgres ? 0 : demoFilmCount);
      // With its demo members' answers: a real ranking, and the banner says how to remove them.
      if (onPostgres) expect(first.output()).not.toMatch(/Demo data/);
      else {
        const films = filmList.parse(await (await fetch(`${first.url}/api/films/allfilms`)).json()).films;
        expect(new Set(films.map((film) => film.score)).size).toBe(demoFilmCount);
        expect(first.output()).toContain(
          `Demo data: ${DEMO_MEMBER_COUNT} demo members' answers and ratings (they cannot log in). Remove them with: npm run demo:clear (stop the server first)`,
        );
      }

      // Sign-up mail lands in DATA_DIR/outbox as an .eml file with the verification link.
      const res = await fetch(`${first.url}/api/users/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'newcomer', email: 'newcomer@example.com', password: 'a long unusual passphrase 42' }),
      });
      expect(res.status).toBe(201);
      const outbox = path.join(dataDir, 'outbox');
      let files: string[] = [];
      for (let i = 0; i < 50 && files.length === 0; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        try {
          files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
        } catch {
          files = [];
        }
      }
      expect(files).toHaveLength(1);
      expect(readable(readFileSync(path.join(outbox, files[0] ?? ''), 'utf8'))).toMatch(/\/verification\/[A-Za-z0-9_-]{43}/);
    } finally {
      expect(await first.stop('SIGTERM')).toBe(0);
    }

    const second = await startServer(env);
    try {
      expect(await filmCount(second.url)).toBe(onPostgres ? 0 : demoFilmCount);
    } finally {
      await second.stop();
    }
  }, 90_000); // two processes start and stop in turn; with two test files at once on two cores that takes its time

  it('does not seed when SEED_DEMO=false', async () => {
    if (onPostgres) return;
    const dir = mkdtempSync(path.join(tmpdir(), 'filmlist-noseed-'));
    const server = await startServer({ DATA_DIR: dir, SEED_DEMO: 'false' });
    try {
      expect(await filmCount(server.url)).toBe(0);
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it('stops with one clear line when the configuration is invalid', async () => {
    const run = runServer({ DATA_DIR: dataDir, PORT: 'eighty' });
    expect(await run.exited).toBe(1);
    const lines = run.output().trim().split('\n');
    expect(lines).toEqual(['The Film List could not start: invalid configuration: PORT must be an integer from 0 to 65535 (got "eighty")']);
  });
});
