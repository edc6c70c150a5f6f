import { readSession } from './session-storage';

/** An answer other than 2xx, with the server's {error, code, fields?}. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    /** from Retry-After on a 429 or 503: when the server will take the request again */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

/** Retry-After in seconds (the server sends a number), or null. */
function retryAfterOf(response: Response): number | null {
  const value = Number(response.headers.get('retry-after'));
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : null;
}

/** Anything that turns an unknown answer into a typed one or throws: a zod or zod/mini schema. */
export interface Parser<T> {
  parse(value: unknown): T;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number>;
  body?: unknown;
  /** the answer's schema; its parse is the only door from the network into typed data */
  schema: Parser<T>;
  /** send the stored access token */
  auth?: boolean;
  signal?: AbortSignal;
}

/** Called when a bearer call is refused: refreshes the session once, or logs out. */
let onUnauthorized: (() => Promise<boolean>) | null = null;
export function setUnauthorizedHandler(handler: (() => Promise<boolean>) | null): void {
  onUnauthorized = handler;
}

function errorFrom(status: number, body: unknown, retryAfter: number | null): ApiError {
  if (typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string') {
    const code = 'code' in body && typeof body.code === 'string' ? body.code : 'error';
    const fields: Record<string, string> = {};
    if ('fields' in body && typeof body.fields === 'object' && body.fields !== null) {
      for (const [key, value] of Object.entries(body.fields)) if (typeof value === 'string') fields[key] = value;
    }
    return new ApiError(status, code, body.error, fields, retryAfter);
  }
  return new ApiError(status, 'error', `Request failed with status ${status}`, {}, retryAfter);
}

async function send<T>(path: string, options: RequestOptions<T>): Promise<Response> {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, String(value));
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.auth) {
    const session = readSession();
    if (session) headers.authorization = `Bearer ${session.accessToken}`;
  }
  const init: RequestInit = { method: options.method ?? 'GET', headers };
  if (options.body !== undefined) init.body = JSON.stringify(options.body);
  if (options.signal) init.signal = options.signal;
  return fetch(url, init);
}

export async function api<T>(path: string, options: RequestOptions<T>): Promise<T> {
  let response = await send(path, options);
  if (response.status === 401 && options.auth && onUnauthorized && (await onUnauthorized())) {
    response = await send(path, options);
  }
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      throw new ApiError(response.status, 'bad_response', 'The server answered something that is not JSON.');
    }
  }
  if (!response.ok) throw errorFrom(response.status, body, retryAfterOf(response));
  return options.schema.parse(body);
}
