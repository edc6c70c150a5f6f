import { spawn } from 'node:child_process';
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
  const child = spawn(process.execPath, ['--import', 'tsx', entry, file, ...(encoding ? [encoding] : [])], { stdio: ['ignore', 'pipe', 'inherit'] });
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
