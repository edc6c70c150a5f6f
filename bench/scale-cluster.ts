import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { migrationsFolder, openDatabase } from '@filmlist/server/bench';
import { startNginx, type NginxProcess } from '@filmlist/server/test/nginx';
import { startServer, type ServerProcess } from '@filmlist/server/test/server-process';
import { recomputeCounters, seedFilms, seedMembers, seedVotes, vacuum } from './seed.js';
import { BENCH_SECRET } from './setup.js';
import { buildEnvironment, serverNodeArgs } from './config.js';

/**
 * The parts of `npm run bench:scale`: a seeded PostgreSQL database cloned from a template kept
 * between runs, app instances as `npm start` runs them, Debian's nginx with deploy/nginx.conf in
 * front of them, and CPU and memory read from /proc.
 */

export interface Catalogue {
  films: number;
  members: number;
  votes: number;
  /** the first members by id: signed in for the loads, with no votes of their own in the seed */
  voters: number;
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function admin<T>(base: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The template's name says what it holds: the migrations and the catalogue's sizes. */
function templateName(catalogue: Catalogue): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsFolder, file);
    if (statSync(full).isFile()) hash.update(file).update(readFileSync(full));
  }
  hash.update(JSON.stringify(catalogue));
  return `filmlist_scale_tpl_${hash.digest('hex').slice(0, 12)}`;
}

/**
 * A database holding the catalogue: a clone (CREATE DATABASE ... TEMPLATE) of a template that is
 * migrated and seeded once and kept for the next run. A template of other migrations or sizes is
 * dropped. Seeding 1,000,000 votes takes a minute or two; a clone takes seconds.
 */
export async function cloneCatalogue(
  base: string,
  catalogue: Catalogue,
  passwordHash: string,
  step: (text: string) => void,
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const template = templateName(catalogue);
  const exists = await admin(base, async (client) => {
    const found = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'filmlist_scale_tpl_%'`);
    for (const { datname } of found.rows) if (datname !== template) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    return found.rows.some((row) => row.datname === template);
  });
  if (!exists) {
    // Built under another name and renamed when complete, so a run cut short leaves no half template.
    const building = `filmlist_scale_build_${process.pid}`;
    await admin(base, (client) => client.query(`CREATE DATABASE ${building}`));
    step(`seeding the template ${template}: ${catalogue.films} films, ${catalogue.members} members, about ${catalogue.votes} votes`);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'filmlist-scale-seed-'));
    const handle = await openDatabase({ databaseUrl: withDatabase(base, building), dataDir, queryTimeoutMs: 30 * 60 * 1000 });
    try {
      await seedFilms(handle.db, catalogue.films);
      await seedMembers(handle.db, catalogue.members, passwordHash);
      await seedVotes(handle.db, catalogue.votes, catalogue.members, catalogue.films);
      // The voters start with no votes, so every vote of the loads is a new one (201).
      const { sql } = await import('drizzle-orm');
      const voters = sql`(SELECT user_id FROM users WHERE username LIKE 'bench%' ORDER BY user_id LIMIT ${catalogue.voters})`;
      await handle.db.execute(sql`DELETE FROM ratings WHERE user_id IN ${voters}`);
      await handle.db.execute(sql`DELETE FROM mentions WHERE user_id IN ${voters}`);
      await recomputeCounters(handle.db);
      await vacuum(handle.db);
    } finally {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    await admin(base, (client) => client.query(`ALTER DATABASE ${building} RENAME TO ${template}`));
  }
  const name = `filmlist_scale_${process.pid}`;
  await admin(base, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  });
  return {
    url: withDatabase(base, name),
    name,
    drop: () => admin(base, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/**
 * Debian's nginx and wrk, installed with apt-get when missing and this runs as root (as .ci/run installs
 * nginx), and pgbench, which Debian ships with the PostgreSQL server package: what the loads need,
 * checked before anything starts.
 */
export async function requireTools(): Promise<void> {
  const run = promisify(execFile);
  const missing = [
    { binary: '/usr/sbin/nginx', pkg: 'nginx' },
    { binary: '/usr/bin/wrk', pkg: 'wrk' },
  ].filter((tool) => !existsSync(tool.binary));
  if (missing.length > 0) {
    const packages = missing.map((tool) => tool.pkg);
    if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get'))
      throw new Error(`bench:scale needs ${packages.join(' and ')}: apt-get install ${packages.join(' ')}`);
    console.log(`installing ${packages.join(' and ')} (apt-get)`);
    await run('apt-get', ['update', '-qq']);
    await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
      env: buildEnvironment({ DEBIAN_FRONTEND: 'noninteractive' }),
    });
  }
  await run('pgbench', ['--version']).catch(() => {
    throw new Error('bench:scale needs pgbench, which Debian ships with the PostgreSQL server: apt-get install postgresql');
  });
}

export interface Instance {
  server: ServerProcess;
  /** host:port */
  host: string;
  pid: number;
  dataDir: string;
}

/** One app instance, the build as `npm start` runs it, on `port` (0: any). */
export async function startInstance(env: Record<string, string>, port = 0): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'filmlist-scale-app-'));
  const server = await startServer(
    { DATA_DIR: dataDir, JWT_SECRET: BENCH_SECRET, TRUST_PROXY: '1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', PORT: String(port), ...env },
    120_000,
    { built: true, nodeArgs: serverNodeArgs },
  );
  return { server, host: new URL(server.url).host, pid: server.child.pid ?? 0, dataDir };
}

export async function stopInstance(instance: Instance): Promise<void> {
  await instance.server.stop('SIGTERM');
  rmSync(instance.dataDir, { recursive: true, force: true });
}

export function startProxy(instances: Instance[]): Promise<NginxProcess> {
  return startNginx({ upstreams: instances.map((instance) => instance.host) });
}

/** nginx's master (from its pid file) and its workers. */
export function nginxPids(dir: string): number[] {
  const master = Number(readFileSync(path.join(dir, 'nginx.pid'), 'utf8').trim());
  const pids = [master];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === master) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

const clockTicks = Number((await promisify(execFile)('getconf', ['CLK_TCK'])).stdout.trim()) || 100;

/** CPU time (user + system, every thread) of a process so far, in ms; undefined once it is gone. */
export function cpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
  } catch {
    return undefined;
  }
}

/** Resident memory of a process, in MiB. */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** PostgreSQL's processes by what their title says: backends of one database, or the shared writers. */
function postgresProcesses(database: string): { backends: number[]; writers: number[] } {
  const backends: number[] = [];
  const writers: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let title: string;
    try {
      title = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0+/g, ' ');
    } catch {
      continue;
    }
    if (!title.startsWith('postgres:')) continue;
    if (title.includes(` ${database} `)) backends.push(Number(entry));
    else if (/walwriter|checkpointer|background writer/.test(title)) writers.push(Number(entry));
  }
  return { backends, writers };
}

/**
 * CPU used while `fn` runs: by each of `pids`, by the PostgreSQL backends of `database` (sampled
 * every 200 ms, so a backend that ends meanwhile still counts up to its last sample) and by
 * PostgreSQL's WAL writer, checkpointer and background writer (shared by every database on the
 * server: only meaningful on a quiet machine).
 */
export async function measureCpu<T>(
  pids: number[],
  database: string,
  fn: () => Promise<T>,
): Promise<{ result: T; ms: number[]; postgresMs: number; writersMs: number; seconds: number }> {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const sample = () => {
    const { backends, writers } = postgresProcesses(database);
    for (const pid of [...backends, ...writers.map((w) => -w)]) {
      const ms = cpuMs(Math.abs(pid));
      if (ms === undefined) continue;
      // A backend first seen after the start began with (about) nothing.
      if (!first.has(pid)) first.set(pid, sampling ? 0 : ms);
      last.set(pid, ms);
    }
  };
  let sampling = false;
  sample();
  sampling = true;
  const before = pids.map((pid) => cpuMs(pid) ?? 0);
  const startedAt = performance.now();
  const timer = setInterval(sample, 200);
  try {
    const result = await fn();
    sample();
    const seconds = (performance.now() - startedAt) / 1000;
    let postgresMs = 0;
    let writersMs = 0;
    for (const [pid, end] of last) {
      const delta = end - (first.get(pid) ?? 0);
      if (pid < 0) writersMs += delta;
      else postgresMs += delta;
    }
    return { result, ms: pids.map((pid, i) => (cpuMs(pid) ?? 0) - (before[i] ?? 0)), postgresMs, writersMs, seconds };
  } finally {
    clearInterval(timer);
  }
}

/**
 * Waits until `pids` are (nearly) idle: under 5 % of a core over a second, or 30 s at most. A list
 * rebuild started by the previous load would otherwise be counted against the next one.
 */
export async function settle(pids: number[]): Promise<void> {
  for (let i = 0; i < 30; i += 1) {
    const before = pids.map((pid) => cpuMs(pid) ?? 0);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const used = pids.reduce((sum, pid, j) => sum + (cpuMs(pid) ?? 0) - (before[j] ?? 0), 0);
    if (used < 50) return;
  }
}

/**
 * A CHECKPOINT of the bench's PostgreSQL: each write load then starts with the same WAL behind it
 * (no checkpoint falls due in the middle of one load and not of the next, with its full-page writes),
 * as pgbench's own documentation advises for repeatable runs.
 */
export async function checkpoint(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('CHECKPOINT');
  } finally {
    await client.end();
  }
}

/**
 * `npm run db:check-counters` on the bench's database: exit code 0 when every film's counters
 * equal a recount of its votes; its first line otherwise.
 */
export async function checkCounters(databaseUrl: string): Promise<{ ok: boolean; line: string }> {
  const repo = new URL('..', import.meta.url);
  try {
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'db:check-counters'], {
      cwd: repo,
      env: buildEnvironment({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }),
    });
    return { ok: true, line: stdout.trim().split('\n')[0] ?? '' };
  } catch (error) {
    const stdout = typeof error === 'object' && error && 'stdout' in error ? String(error.stdout) : String(error);
    return { ok: false, line: stdout.trim().split('\n')[0] ?? '' };
  }
}
