import http from 'node:http';

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** the body parsed as JSON, or undefined when it is not JSON */
  body: unknown;
  /** the body as it came */
  text: string;
  /** how long the request took, in ms */
  ms: number;
}

export interface CallOptions {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS';
  body?: unknown;
  token?: string;
  /**
   * Send from this loopback address (any of 127.0.0.0/8). Per-address rate
   * limits then count each simulated client on its own, without TRUST_PROXY.
   */
  from?: string;
  /** abort after this many ms (the request then rejects with a TimeoutError) */
  timeoutMs?: number;
  /** more request headers, e.g. X-Forwarded-For behind a trusted proxy */
  headers?: Record<string, string>;
}

export class RequestTimeout extends Error {}

/** A Content-Security-Policy header's directives: each name (lower-cased) and its sources, as written. */
export function cspDirectives(csp: string): Map<string, string> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part): [string, string] => {
        const [name = '', ...values] = part.split(/\s+/);
        return [name.toLowerCase(), values.join(' ')];
      }),
  );
}

/**
 * One HTTP request over a fresh connection. Rejects only when no answer came
 * (connection refused or reset, timeout); any status resolves.
 */
export function call(baseUrl: string, path: string, options: CallOptions = {}): Promise<HttpAnswer> {
  const url = new URL(path, baseUrl);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { ...options.headers };
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: options.method ?? (payload === undefined ? 'GET' : 'POST'),
        headers,
        agent: false,
        ...(options.from ? { localAddress: options.from } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          clearTimeout(timer);
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            body = undefined;
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body, text, ms: performance.now() - started });
        });
      },
    );
    const timer = options.timeoutMs
      ? setTimeout(() => request.destroy(new RequestTimeout(`${path} did not answer within ${options.timeoutMs} ms`)), options.timeoutMs)
      : undefined;
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(payload);
  });
}

let nextAddress = 0;

/**
 * The one way a test makes a client address: one no other simulated client of this test process has
 * used (127.0.1.1, 127.0.1.2, ...). Per-address rate limits then count each client on its own. It
 * serves as a socket's local address (`call`'s `from`: any of 127.0.0.0/8 is this machine), as Fastify
 * inject's `remoteAddress`, and as an X-Forwarded-For hop.
 */
export function freshClientAddress(): string {
  const n = nextAddress++;
  return `127.${1 + Math.floor(n / 62_500)}.${1 + (Math.floor(n / 250) % 250)}.${1 + (n % 250)}`;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `condition` every `everyMs` until it holds; throws with `what` after `ms`. Resolves with the time it took. */
export async function waitFor(what: string, ms: number, condition: () => boolean | Promise<boolean>, everyMs = 50): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await condition()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(everyMs);
  }
}

/** A server process may take this long to start on a busy machine (the embedded database starts slowest). */
export const START_TIMEOUT_MS = 60_000;
