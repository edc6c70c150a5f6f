import http from 'node:http';

/** One message of a text/event-stream: an event, or a comment line (`: ...`). */
export type StreamMessage = { kind: 'event'; event: string; id: string | undefined; data: string } | { kind: 'comment'; text: string };

export interface OpenedStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** the body, when the answer is not an event stream */
  body: string;
  /** the next message, or a rejection after `timeoutMs` */
  next(timeoutMs?: number): Promise<StreamMessage>;
  /** the next event, skipping comments */
  nextEvent(timeoutMs?: number): Promise<Extract<StreamMessage, { kind: 'event' }>>;
  /** resolves with no message for `ms`, rejects with the message that came */
  silentFor(ms: number): Promise<void>;
  /** resolves when the server has ended the stream */
  ended: Promise<void>;
  close(): void;
}

export interface StreamOptions {
  headers?: Record<string, string>;
  method?: 'GET' | 'HEAD';
  /** send from this loopback address (support/http.ts's freshClientAddress) */
  from?: string;
}

/**
 * A client of an event stream over a real connection of its own, reading it as
 * the HTML standard says (fields, blank line ends a message). Retry fields are
 * read and dropped.
 */
export function openStream(baseUrl: string, path: string, options: StreamOptions = {}): Promise<OpenedStream> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(path, baseUrl),
      {
        method: options.method ?? 'GET',
        headers: { accept: 'text/event-stream', ...options.headers },
        agent: false,
        ...(options.from ? { localAddress: options.from } : {}),
      },
      (response) => {
        const queue: StreamMessage[] = [];
        const waiting: ((message: StreamMessage) => void)[] = [];
        let buffer = '';
        let body = '';
        const push = (message: StreamMessage) => {
          const waiter = waiting.shift();
          if (waiter) waiter(message);
          else queue.push(message);
        };
        const isStream = String(response.headers['content-type'] ?? '').startsWith('text/event-stream');
        const ended = new Promise<void>((done) => response.on('close', () => done()));
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (!isStream) {
            body += chunk;
            return;
          }
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const fields: Record<string, string> = {};
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) {
                push({ kind: 'comment', text: line.slice(1).trim() });
                continue;
              }
              const colon = line.indexOf(':');
              const name = colon < 0 ? line : line.slice(0, colon);
              const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
              fields[name] = name === 'data' && fields.data !== undefined ? `${fields.data}\n${value}` : value;
            }
            if (fields.data !== undefined) push({ kind: 'event', event: fields.event ?? 'message', id: fields.id, data: fields.data });
          }
        });
        const next = (timeoutMs = 5000) =>
          new Promise<StreamMessage>((found, fail) => {
            const queued = queue.shift();
            if (queued) {
              found(queued);
              return;
            }
            const timer = setTimeout(() => {
              waiting.splice(waiting.indexOf(waiter), 1);
              fail(new Error(`no message within ${timeoutMs} ms`));
            }, timeoutMs);
            const waiter = (message: StreamMessage) => {
              clearTimeout(timer);
              found(message);
            };
            waiting.push(waiter);
          });
        const nextEvent = async (timeoutMs = 5000) => {
          const until = performance.now() + timeoutMs;
          for (;;) {
            const message = await next(Math.max(1, until - performance.now()));
            if (message.kind === 'event') return message;
          }
        };
        const silentFor = async (ms: number) => {
          const message = await next(ms).catch(() => null);
          if (message) throw new Error(`expected nothing for ${ms} ms, got ${JSON.stringify(message)}`);
        };
        const opened: OpenedStream = {
          status: response.statusCode ?? 0,
          headers: response.headers,
          get body() {
            return body;
          },
          next,
          nextEvent,
          silentFor,
          ended,
          close: () => request.destroy(),
        };
        if (isStream) resolve(opened);
        else response.on('end', () => resolve(opened));
      },
    );
    request.on('error', reject);
    request.end();
  });
}
