import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { MemoryRateLimitStore } from '../../lib/rate-limit-store.js';

/** The film database cannot answer now: down, slow, refusing, or this process's budget is spent. */
export class FilmDatabaseUnavailable extends Error {
  constructor(
    /** when to ask again, for a Retry-After header */
    readonly retryAfterSeconds: number,
    reason: string,
  ) {
    super(`film database unavailable: ${reason}`);
  }
}

export interface TmdbHttpOptions {
  /** one attempt's time limit */
  attemptTimeoutMs: number;
  /** attempts per call, the first included */
  attempts: number;
  /** a call gives up once this has passed, whatever attempts are left */
  deadlineMs: number;
  /** the first retry's wait, doubled for each next one (with jitter) */
  backoffMs: number;
  /** a Retry-After longer than this is not waited for: the call fails at once */
  maxRetryWaitMs: number;
  /** after a call failed (5xx, timeouts, unreachable), later calls fail at once for this long */
  pauseAfterFailureMs: number;
  /** after TMDB refused the token (401) */
  pauseAfterRefusalMs: number;
  /** this process's request budget: at most `requests` per `windowMs` */
  budget: { requests: number; windowMs: number };
}

/**
 * TMDB asks for no more than about 40 requests a second per key; several instances share one key.
 * The app's budget comes from TMDB_REQUESTS_PER_SECOND (config.ts); this one is the default's.
 */
export const TMDB_HTTP_DEFAULTS: TmdbHttpOptions = {
  attemptTimeoutMs: 3000,
  attempts: 3,
  deadlineMs: 7000,
  backoffMs: 250,
  maxRetryWaitMs: 2000,
  pauseAfterFailureMs: 10_000,
  pauseAfterRefusalMs: 5 * 60_000,
  budget: { requests: 20, windowMs: 1000 },
};

export type Fetched = { found: true; body: Buffer; contentType: string } | { found: false };

type Attempt = Fetched | { retry: true; waitMs: number | null; reason: string } | { retry: false; pauseMs: number; reason: string };

/** Seconds or an HTTP date (RFC 9110), as milliseconds from now. */
function retryAfterMs(header: string | null, nowMs: number): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

/** The body, refused past `maxBytes` without reading the rest. */
async function readCapped(response: Response, maxBytes: number): Promise<Buffer | null> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > maxBytes || !response.body) {
    await response.body?.cancel();
    return declared > maxBytes ? null : Buffer.alloc(0);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader: ReadableStreamDefaultReader<unknown> = response.body.getReader();
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) break;
    const { value } = chunk;
    if (!(value instanceof Uint8Array)) throw new Error('a body chunk that is not bytes');
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * GET requests to TMDB, and nothing else: a bearer token, time limits,
 * retries with backoff on 429 and 5xx (a Retry-After is honoured), no
 * redirects followed, bodies capped in bytes, a per-process budget, and a
 * pause after failures so a slow or refusing TMDB costs each request nothing.
 * Decision 010.
 */
export class TmdbHttp {
  private pausedUntil = 0;
  private readonly budget = new MemoryRateLimitStore();
  private refusalLogged = false;

  constructor(
    private readonly token: string,
    private readonly log: FastifyBaseLogger,
    private readonly options: TmdbHttpOptions = TMDB_HTTP_DEFAULTS,
  ) {}

  /** The URL's body (found: false on 404), or FilmDatabaseUnavailable. */
  async get(url: string, accept: string, maxBytes: number): Promise<Fetched> {
    const started = Date.now();
    for (let attempt = 1; ; attempt += 1) {
      this.checkPause();
      await this.spend();
      const remaining = this.options.deadlineMs - (Date.now() - started);
      const outcome = await this.attempt(url, accept, maxBytes, Math.min(this.options.attemptTimeoutMs, Math.max(1, remaining)));
      if (!('retry' in outcome)) {
        this.refusalLogged = false;
        return outcome;
      }
      if (!outcome.retry) throw this.pause(outcome.pauseMs, outcome.reason);
      const waitMs = outcome.waitMs ?? this.options.backoffMs * 2 ** (attempt - 1) * (0.75 + Math.random() / 2);
      const timeLeft = this.options.deadlineMs - (Date.now() - started) - waitMs;
      if (attempt >= this.options.attempts || waitMs > this.options.maxRetryWaitMs || timeLeft <= 0) {
        throw this.pause(Math.max(outcome.waitMs ?? 0, this.options.pauseAfterFailureMs), outcome.reason);
      }
      await sleep(waitMs);
    }
  }

  private checkPause(): void {
    const left = this.pausedUntil - Date.now();
    if (left > 0) throw new FilmDatabaseUnavailable(Math.ceil(left / 1000), 'paused after a failure');
  }

  private async spend(): Promise<void> {
    const { requests, windowMs } = this.options.budget;
    const { count, resetInMs } = await this.budget.hit('tmdb', windowMs, Date.now());
    if (count > requests) throw new FilmDatabaseUnavailable(Math.max(1, Math.ceil(resetInMs / 1000)), 'request budget spent');
  }

  private pause(ms: number, reason: string): FilmDatabaseUnavailable {
    this.pausedUntil = Math.max(this.pausedUntil, Date.now() + ms);
    this.log.warn({ reason, pausedForMs: ms }, 'film database unavailable');
    return new FilmDatabaseUnavailable(Math.max(1, Math.ceil(ms / 1000)), reason);
  }

  private async attempt(url: string, accept: string, maxBytes: number, timeoutMs: number): Promise<Attempt> {
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { authorization: `Bearer ${this.token}`, accept },
        signal: AbortSignal.timeout(timeoutMs),
        // A redirect could lead anywhere: the server reads TMDB's own answers only.
        redirect: 'error',
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      return { retry: true, waitMs: null, reason: timedOut ? `no answer within ${timeoutMs} ms` : 'unreachable' };
    }
    const { status } = response;
    if (status === 200) {
      try {
        const body = await readCapped(response, maxBytes);
        if (!body) return { retry: false, pauseMs: 0, reason: `an answer over ${maxBytes} bytes` };
        return { found: true, body, contentType: response.headers.get('content-type') ?? '' };
      } catch {
        return { retry: true, waitMs: null, reason: 'the answer was cut off' };
      }
    }
    await response.body?.cancel().catch(() => undefined);
    if (status === 404) return { found: false };
    if (status === 401) {
      if (!this.refusalLogged) this.log.error('TMDB refused TMDB_API_TOKEN (401): the film database stays off until it accepts it');
      this.refusalLogged = true;
      return { retry: false, pauseMs: this.options.pauseAfterRefusalMs, reason: 'the token was refused' };
    }
    if (status === 429 || status >= 500) {
      return { retry: true, waitMs: retryAfterMs(response.headers.get('retry-after'), Date.now()), reason: `answered ${status}` };
    }
    return { retry: false, pauseMs: 0, reason: `answered ${status}` };
  }
}
