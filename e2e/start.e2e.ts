import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ts from 'typescript';
import { z } from 'zod';
import { filmList } from '@filmlist/shared/api/films';
import { demoFilmCount } from '@filmlist/server/demo-films';
import { childEnvironment } from './support/config.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const serverDist = path.join(repoRoot, 'packages/server/dist');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f));
}

/**
 * What `npm start` runs, run exactly so: `node packages/server/dist/server.js` from the
 * repository root, with nothing but a free port and a fresh data folder set.
 */
describe('the built server, started as npm start starts it', () => {
  let dataDir: string;
  let stop: () => Promise<void>;
  let base = '';
  let output = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'filmlist-start-'));
    const child = spawn(process.execPath, ['packages/server/dist/server.js'], {
      cwd: repoRoot,
      env: childEnvironment({ PORT: '0', DATA_DIR: dataDir }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    stop = async () => {
      child.kill('SIGTERM');
      await exited;
    };
    for (let waited = 0; !/running at (http:\S+)/.test(output); waited += 100) {
      if (child.exitCode !== null || waited > 60_000) throw new Error(`the built server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    base = /running at (http:\S+)/.exec(output)?.[1] ?? '';
  });
  afterAll(async () => {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the app at /', async () => {
    const res = await fetch(base);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<div id="root">');
    const entry = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    expect((await fetch(`${base}${entry}`)).status).toBe(200);
  });

  it('lists the demo catalogue it seeded into the new embedded database', async () => {
    const res = await fetch(`${base}/api/films/allfilms`);
    expect(res.status).toBe(200);
    const { films } = filmList.parse(await res.json());
    expect(films).toHaveLength(demoFilmCount);
    expect(films.map((f) => f.title)).toContain('Paterson');
    expect(output).toContain(`seeded with ${demoFilmCount} demo films`);
  });

  it('answers /healthz and /readyz', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ status: 'ready' });
  });
});

describe('the server build', () => {
  it('holds no test code', () => {
    const files = filesUnder(serverDist).map((f) => path.relative(serverDist, f));
    expect(files.some((f) => f.startsWith('server.js'))).toBe(true);
    expect(files.filter((f) => /(^|\/)(test|support|reliability|security|scale-out)(\/|$)|\.test\.(js|d\.ts)/.test(f))).toEqual([]);
  });

  it('imports only Node built-ins, the shared contract and its own production dependencies', () => {
    const manifest = z
      .object({ dependencies: z.record(z.string(), z.string()) })
      .parse(JSON.parse(readFileSync(path.join(repoRoot, 'packages/server/package.json'), 'utf8')));
    const allowed = new Set([...Object.keys(manifest.dependencies), ...builtinModules]);
    const undeclared = new Set<string>();
    const seen = new Set<string>();
    for (const file of filesUnder(serverDist).filter((f) => f.endsWith('.js'))) {
      // TypeScript's own scanner reads the module names, so a quoted word in a comment is not taken for one.
      const specifiers = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((entry) => entry.fileName);
      for (const specifier of specifiers.filter((name) => !name.startsWith('.'))) {
        seen.add(specifier);
        const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] ?? '');
        if (!allowed.has(name.replace(/^node:/, ''))) undeclared.add(`${path.relative(serverDist, file)}: ${specifier}`);
      }
    }
    expect([...undeclared]).toEqual([]);
    // The scan reads real imports: the server's framework is among them.
    expect(seen).toContain('fastify');
  });
});
