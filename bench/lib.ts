import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
}

const WRK = '/usr/bin/wrk';
export const loadGenerator = existsSync(WRK) ? 'wrk' : 'autocannon';

/** wrk's duration figures ("870.00us", "12.5ms", "1.2s") in milliseconds. */
function wrkMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s)$/.exec(text);
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
}

/**
 * A fixed-duration GET load on one URL. wrk (C, from Debian) where installed:
 * autocannon's JavaScript HTTP parser cannot read large answers as fast as a
 * server can send them, so it would measure itself. autocannon otherwise.
 */
export async function loadUrl(
  url: string,
  options: { duration?: number; connections?: number; headers?: Record<string, string> } = {},
): Promise<LoadResult> {
  const duration = options.duration ?? 8;
  const connections = options.connections ?? 50;
  if (loadGenerator !== 'wrk') return load({ url, duration, connections, headers: options.headers ?? {} });
  const headerArgs = Object.entries(options.headers ?? {}).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  const { stdout } = await promisify(execFile)(WRK, ['-t2', `-c${connections}`, `-d${duration}s`, '--latency', ...headerArgs, url]);
  return parseWrk(stdout);
}

export function parseWrk(stdout: string): LoadResult {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
  const p50 = wrkMs(/\s50%\s+(\S+)/.exec(stdout)?.[1] ?? '');
  const p99 = wrkMs(/\s99%\s+(\S+)/.exec(stdout)?.[1] ?? '');
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
  const total = Number(/(\d+) requests in/.exec(stdout)?.[1] ?? 0);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
  const errorCount = errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return { requestsPerSecond: rps, p50, p99, non2xx, errors: errorCount, total };
}

export interface VoteLoadOptions {
  url: string;
  path: string;
  members: Array<{ userId: number; authorization: string }>;
  films: number[];
  /** the JSON body for (member, film), in JavaScript (autocannon) … */
  body: (userId: number, filmId: number) => object;
  /** … and as a Lua expression over `u` and `f` (wrk) */
  luaBody: string;
  duration: number;
  connections: number;
}

/**
 * POSTs by many members, each (member, film) pair once: consecutive requests go to
 * different films, as members act independently. wrk with a Lua script where
 * installed, so the load generator's own CPU stays small beside the server's.
 */
export async function loadVotes(options: VoteLoadOptions): Promise<LoadResult> {
  const { members, films } = options;
  if (loadGenerator !== 'wrk') {
    let n = 0;
    return load({
      url: options.url,
      duration: options.duration,
      connections: options.connections,
      requests: [
        {
          method: 'POST',
          path: options.path,
          setupRequest: (request) => {
            n += 1;
            const filmId = films[n % films.length];
            const member = members[Math.floor(n / films.length) % members.length];
            if (!member || filmId === undefined) return request;
            return {
              ...request,
              headers: { 'content-type': 'application/json', authorization: member.authorization },
              body: JSON.stringify(options.body(member.userId, filmId)),
            };
          },
        },
      ],
    });
  }
  const threads = 2;
  const lua = [
    `local members = {${members.map((m) => `{${m.userId},${JSON.stringify(m.authorization)}}`).join(',')}}`,
    `local films = {${films.join(',')}}`,
    'local next_thread = 0',
    'function setup(thread) thread:set("tid", next_thread); next_thread = next_thread + 1 end',
    'function init(args) n = tid end',
    'function request()',
    `  n = n + ${threads}`,
    '  local f = films[(n % #films) + 1]',
    '  local m = members[(math.floor(n / #films) % #members) + 1]',
    '  local u = m[1]',
    `  return wrk.format("POST", ${JSON.stringify(options.path)}, { ["content-type"] = "application/json", ["authorization"] = m[2] }, ${options.luaBody})`,
    'end',
  ].join('\n');
  return wrkWithScript(lua, options.url, { threads, connections: options.connections, duration: options.duration });
}

/** wrk with a Lua script that builds each request. */
export async function wrkWithScript(
  lua: string,
  url: string,
  options: { threads: number; connections: number; duration: number },
): Promise<LoadResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-wrk-'));
  const script = path.join(dir, 'requests.lua');
  writeFileSync(script, lua);
  try {
    const { stdout } = await promisify(execFile)(WRK, [
      `-t${options.threads}`,
      `-c${options.connections}`,
      `-d${options.duration}s`,
      '--latency',
      '-s',
      script,
      url,
    ]);
    return parseWrk(stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A fixed-duration load from this process over loopback. */
export async function load(options: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon({ duration: 8, connections: 50, ...options });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    total: result.requests.total,
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Milliseconds of one call, from a high-resolution clock. */
export async function time(fn: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** Runs `fn` with at most `limit` calls in flight. */
export async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: limit }, async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      if (item !== undefined) await fn(item);
    }
  });
  await Promise.all(workers);
}

/** The bare node:http server of bare-server.ts, answering `file`'s bytes; resolves with its URL. */
export function startBareServer(file: string, encoding?: string): Promise<{ url: string; stop: () => void }> {
  const entry = fileURLToPath(new URL('./bare-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', entry, file, ...(encoding ? [encoding] : [])], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve({ url: match[1], stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
}

export const fmt = (n: number, digits = 1) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/**
 * Logins for unknown usernames, each from a new X-Forwarded-For address, so no
 * address or account limit stops them: only the cap on password work does. wrk
 * with a Lua script (its own process) where installed, autocannon otherwise.
 */
export async function floodLogins(options: { url: string; duration: number; connections: number }): Promise<LoadResult> {
  const body = (n: number) => JSON.stringify({ username: `stranger${n}`, password: 'a guess at somebody password' });
  const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  if (loadGenerator !== 'wrk') {
    let n = 0;
    return load({
      url: options.url,
      duration: options.duration,
      connections: options.connections,
      requests: [
        {
          method: 'POST',
          path: '/api/users/login',
          setupRequest: (request) => {
            n += 1;
            return { ...request, headers: { 'content-type': 'application/json', 'x-forwarded-for': address(n) }, body: body(n) };
          },
        },
      ],
    });
  }
  const lua = [
    'local next_thread = 0',
    'function setup(thread) thread:set("tid", next_thread); next_thread = next_thread + 1 end',
    'function init(args) n = tid * 1000000 end',
    'function request()',
    '  n = n + 1',
    '  local ip = string.format("10.%d.%d.%d", math.floor(n / 65536) % 256, math.floor(n / 256) % 256, n % 256)',
    '  local body = string.format(\'{"username":"stranger%d","password":"a guess at somebody password"}\', n)',
    '  return wrk.format("POST", "/api/users/login", { ["content-type"] = "application/json", ["x-forwarded-for"] = ip }, body)',
    'end',
  ].join('\n');
  return wrkWithScript(lua, options.url, { threads: 2, connections: options.connections, duration: options.duration });
}
