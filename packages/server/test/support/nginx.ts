import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The configuration users start from (docs/deployment.md). */
export const shippedNginxConfig = fileURLToPath(new URL('../../../../deploy/nginx.conf', import.meta.url));

/** Debian puts nginx in /usr/sbin, which is not on every user's PATH. */
const nginxBinary = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

/** Replaces what `pattern` matches, failing when it matches nothing: the shipped file must keep the shape this expects. */
function replaceIn(text: string, pattern: RegExp, replacement: string | ((match: string) => string)): string {
  if (!pattern.test(text)) throw new Error(`deploy/nginx.conf no longer has ${String(pattern)}`);
  return typeof replacement === 'string' ? text.replace(pattern, replacement) : text.replace(pattern, replacement);
}

export interface NginxOptions {
  /** the app instances, host:port each */
  upstreams: string[];
  /** where nginx listens on 127.0.0.1 */
  port: number;
  /** this nginx's own folder: pid, logs, temp files and the cache */
  dir: string;
  /** e.g. 1, for a test; the shipped file says auto */
  workerProcesses?: number;
}

/**
 * deploy/nginx.conf with this run's paths, port and instances, and nothing else
 * changed: its own folder instead of Debian's, so it never touches the
 * system's nginx.
 */
export function nginxConfigFor(options: NginxOptions): string {
  let text = readFileSync(shippedNginxConfig, 'utf8');
  const isRoot = process.getuid?.() === 0;
  // As root, workers default to www-data, who cannot write this run's folder.
  text = replaceIn(text, /^user www-data;$/m, isRoot ? 'user root;' : '');
  text = replaceIn(text, /\/run\/nginx\.pid/g, path.join(options.dir, 'nginx.pid'));
  text = replaceIn(text, /\/var\/log\/nginx\//g, `${options.dir}/log/`);
  text = replaceIn(text, /\/var\/lib\/nginx\//g, `${options.dir}/lib/`);
  text = replaceIn(text, /^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${options.port};`);
  if (options.workerProcesses) text = replaceIn(text, /^worker_processes auto;$/m, `worker_processes ${options.workerProcesses};`);
  const servers = /^(\s*)server 127\.0\.0\.1:300\d( [^;]*);\n/gm;
  const [first] = [...text.matchAll(servers)];
  if (!first) throw new Error('deploy/nginx.conf has no upstream servers');
  const [, indent = '', parameters = ''] = first;
  text = replaceIn(text, servers, () => '');
  text = replaceIn(text, /^(\s*)keepalive 64;$/m, (keepalive) =>
    [...options.upstreams.map((upstream) => `${indent}server ${upstream}${parameters};`), keepalive].join('\n'),
  );
  return text;
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

/** One line of deploy/nginx.conf's access log (`log_format filmlist`). */
export interface LoggedRequest {
  method: string;
  /** the path with its query */
  path: string;
  status: number;
  /** what the cache did, or "-" */
  cache: string;
  /** the instances asked, in order (none when the cache answered or nginx refused it) */
  upstreams: string[];
}

/** Reads one line of the `filmlist` log format. */
export function parseLogLine(line: string): LoggedRequest | null {
  const match = /"(\S+) (\S+) HTTP\/[\d.]+" (\d+) .* cache=(\S+) upstream=(.*?) upstream_status=/.exec(line);
  if (!match) return null;
  const [, method = '', path = '', status = '0', cache = '-', upstream = '-'] = match;
  // Instances tried by proxy_next_upstream are separated by ", ", those of an error_page's location by " : ".
  const upstreams = upstream === '-' ? [] : upstream.split(/, | : /).filter((name) => name !== '-');
  return { method, path, status: Number(status), cache, upstreams };
}

export interface NginxProcess {
  url: string;
  dir: string;
  /** nginx's error log so far */
  errors(): string;
  /** the requests in the access log so far, oldest first */
  requests(): LoggedRequest[];
  stop(): Promise<void>;
}

/** Debian's nginx with the shipped configuration, in the foreground (not a daemon), in a folder of its own. */
export async function startNginx(options: Omit<NginxOptions, 'port' | 'dir'>, timeoutMs = 10_000): Promise<NginxProcess> {
  const dir = mkdtempSync(path.join(tmpdir(), 'filmlist-nginx-'));
  for (const sub of ['log', 'lib']) mkdirSync(path.join(dir, sub));
  const port = await freePort();
  const config = path.join(dir, 'nginx.conf');
  writeFileSync(config, nginxConfigFor({ ...options, port, dir }));
  const child = spawn(nginxBinary, ['-p', dir, '-c', config, '-e', path.join(dir, 'log', 'error.log'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const errors = () => {
    const log = path.join(dir, 'log', 'error.log');
    return output + (existsSync(log) ? readFileSync(log, 'utf8') : '');
  };
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited at start:\n${errors()}`);
    const listening = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (listening) break;
    if (Date.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not listen within ${timeoutMs} ms:\n${errors()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const accessLog = path.join(dir, 'log', 'access.log');
  return {
    url: `http://127.0.0.1:${port}`,
    dir,
    errors,
    requests: () =>
      existsSync(accessLog)
        ? readFileSync(accessLog, 'utf8')
            .split('\n')
            .flatMap((line) => parseLogLine(line) ?? [])
        : [],
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
