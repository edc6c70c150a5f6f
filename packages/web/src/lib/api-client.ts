import type { Parser } from './decoders';
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

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number>;
  body?: unknown;
  /** the answer's decoder (lib/decoders.ts); its parse is the only door from the network into typed data */
  schema: Parser<T>;
  /** send the stored access token */
  auth?: boolean;
  signal?: AbortSignal;
  /** sees the headers of a 2xx answer, e.g. its ETag */
  onHeaders?: (headers: Headers) => void;
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
  // Every answer is checked with the server (a 304 when unchanged): public answers allow stale-while-revalidate for
  // shared caches (decision 013), which a browser applies too, and would hand the app a copy older than the member's
  // own vote. The app's own cache (TanStack Query) decides when to ask; the browser's only saves the bytes.
  const init: RequestInit = { method: options.method ?? 'GET', headers, cache: 'no-cache' };
  if (options.body !== undefined) init.body = JSON.stringify(options.body);
  if (options.signal) init.signal = options.signal;
  return fetch(url, init);
}

/** Sends the request; a bearer call refused with 401 is sent once more after the session is refreshed. */
async function sendWithSession<T>(path: string, options: RequestOptions<T>): Promise<Response> {
  const response = await send(path, options);
  if (response.status === 401 && options.auth && onUnauthorized && (await onUnauthorized())) return send(path, options);
  return response;
}

/** What sits in an error answer's body, read as the server sends it. */
async function failureOf(response: Response): Promise<ApiError> {
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return errorFrom(response.status, body, retryAfterOf(response));
}

/** A file the server sends as a download (Content-Disposition: attachment), e.g. a CSV export, and the name it gives. */
export async function apiFile(path: string, options: { auth?: boolean } = {}): Promise<{ blob: Blob; filename: string | null }> {
  const response = await sendWithSession(path, { schema: { parse: () => null }, ...options });
  if (!response.ok) throw await failureOf(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), filename };
}

export async function api<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const response = await sendWithSession(path, options);
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
  const parsed = options.schema.parse(body);
  options.onHeaders?.(response.headers);
  return parsed;
}
