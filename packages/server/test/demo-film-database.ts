import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_FILMS } from '../src/seed/demo-catalogue.js';
import { startFakeTmdb } from './support/fake-tmdb.js';
import { builtEntry, startServer } from './support/server-process.js';
import { FIXTURE_FILMS } from './support/tmdb-fixtures.js';

/**
 * `npm run demo:film-database`: the built app with the film database on, for trying the lookup on
 * one machine (README.md, "Trying the film database locally"). The one fake TMDB (support/fake-tmdb.ts)
 * runs on loopback with its fixtures, and the built server, as `npm start` starts it, points
 * TMDB_API_TOKEN, TMDB_API_URL and TMDB_IMAGE_URL at it, on a fresh embedded database with the demo
 * catalogue. Ctrl+C stops both (and removes the database unless --data named one).
 *
 *   --port 3000                      the app's port
 *   --data ./data-film-database      keep the embedded database there (default: a temporary one)
 *   --reviewer you@example.com       the address whose account holds the reviewer role
 */

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '3000' },
    data: { type: 'string' },
    reviewer: { type: 'string', default: 'reviewer@demo.example' },
  },
});

const fail = (message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(2);
};
if (!/^\d{1,5}$/.test(values.port)) fail(`--port must be a port number (got "${values.port}")`);

const dataDir = values.data ? path.resolve(values.data) : mkdtempSync(path.join(tmpdir(), 'filmlist-film-database-'));
const fake = await startFakeTmdb();
const server = await startServer(
  {
    ...fake.env,
    DATA_DIR: dataDir,
    PORT: values.port,
    SEED_DEMO: 'true',
    REVIEWERS: values.reviewer,
    LOG_LEVEL: 'info',
  },
  60_000,
  { built: true },
).catch((error: unknown) => {
  void fake.close();
  return fail(
    `${error instanceof Error ? error.message : String(error)}\n(is the app built? \`npm run demo:film-database\` builds it first; ${builtEntry})`,
  );
});

process.stdout.write(server.output());
server.child.stdout?.pipe(process.stdout);
server.child.stderr?.pipe(process.stderr);
// Plain fixtures (a poster, no accents: a typed title refuses them) that the demo catalogue does not list.
const listed = new Set(DEMO_FILMS.map((film) => film.title.toLowerCase()));
const films = FIXTURE_FILMS.filter(
  (film) =>
    !film.adult &&
    film.poster_path &&
    /^[\x20-\x7e]+$/.test(film.title) &&
    !/Poster$/.test(film.title) &&
    !listed.has(film.title.toLowerCase()),
).map((film) => film.title);
process.stdout.write(
  [
    '',
    `  The film database is the fake TMDB at ${fake.origin} (its fixtures, on loopback: nothing leaves the machine).`,
    `  Add one through the lookup: ${films.join(', ')}. "Moon" or "Paterson" are on the list already;`,
    '  "Quiet" finds entries without a poster, a date or credits.',
    `  Sign up with ${values.reviewer} to be a reviewer; mail is written to ${path.join(dataDir, 'outbox')}.`,
    '  Ctrl+C stops the app and the fake TMDB.',
    '',
  ].join('\n'),
);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await server.stop();
  await fake.close();
  if (!values.data) rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
void server.exited.then(() => stop());
