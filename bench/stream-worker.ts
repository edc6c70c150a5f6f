import net from 'node:net';

/**
 * One of the bench's live-list clients (bench/scale-streams.ts forks a few): raw sockets, each a
 * GET /api/films/events held open, from an address of its own (X-Forwarded-For, the instance runs
 * with TRUST_PROXY=1), counting the `event: list` messages each receives. Raw sockets keep the
 * client's memory and CPU small beside the instance's.
 */

interface Stream {
  socket: net.Socket;
  events: number;
  /** a message may be split between two reads: the end of the last one */
  tail: string;
  status: number | undefined;
  /** process.hrtime.bigint() in ms of the first event after the current mark */
  toldAt: number | undefined;
  mark: number;
  /** why it ended, if it did */
  error: string | undefined;
}

type Command =
  { type: 'open'; host: string; port: number; count: number; offset: number } | { type: 'expect'; timeoutMs: number } | { type: 'close' };

const streams: Stream[] = [];
const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
const MARKER = 'event: list';

function open(host: string, port: number, index: number): Promise<Stream> {
  return new Promise((resolve) => {
    const stream: Stream = {
      socket: net.connect(port, host),
      events: 0,
      tail: '',
      status: undefined,
      toldAt: undefined,
      mark: 0,
      error: undefined,
    };
    const address = `10.${100 + ((index >> 16) & 127)}.${(index >> 8) & 255}.${index & 255}`;
    stream.socket.setEncoding('utf8');
    stream.socket.on('connect', () =>
      stream.socket.write(
        `GET /api/films/events HTTP/1.1\r\nHost: ${host}:${port}\r\nAccept: text/event-stream\r\nX-Forwarded-For: ${address}\r\n\r\n`,
      ),
    );
    stream.socket.on('data', (chunk: string) => {
      const text = stream.tail + chunk;
      if (stream.status === undefined) stream.status = Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0);
      let at = text.indexOf(MARKER);
      while (at !== -1) {
        stream.events += 1;
        if (stream.events > stream.mark && stream.toldAt === undefined) stream.toldAt = nowMs();
        at = text.indexOf(MARKER, at + MARKER.length);
      }
      stream.tail = text.slice(-MARKER.length);
      if (stream.events > 0 || stream.status !== 200) resolve(stream);
    });
    stream.socket.on('error', (error: NodeJS.ErrnoException) => {
      stream.error = error.code ?? error.message;
      resolve(stream);
    });
    stream.socket.on('close', () => {
      stream.error ??= 'closed';
      resolve(stream);
    });
  });
}

process.on('message', (command: Command) => {
  void (async () => {
    if (command.type === 'open') {
      const started = nowMs();
      // At most 100 connections being set up at once.
      for (let i = 0; i < command.count; i += 100) {
        const batch = Array.from({ length: Math.min(100, command.count - i) }, (_, j) =>
          open(command.host, command.port, command.offset + i + j),
        );
        streams.push(...(await Promise.all(batch)));
      }
      const statuses: Record<string, number> = {};
      for (const stream of streams) {
        const key = stream.events > 0 ? 'open' : stream.status ? `HTTP ${stream.status}` : (stream.error ?? 'no answer');
        statuses[key] = (statuses[key] ?? 0) + 1;
      }
      process.send?.({ type: 'opened', statuses, ms: nowMs() - started });
    } else if (command.type === 'expect') {
      for (const stream of streams) {
        stream.mark = stream.events;
        stream.toldAt = undefined;
      }
      process.send?.({ type: 'marked' });
      const deadline = nowMs() + command.timeoutMs;
      while (nowMs() < deadline && streams.some((s) => s.toldAt === undefined && !s.socket.destroyed))
        await new Promise((r) => setTimeout(r, 20));
      process.send?.({ type: 'told', at: streams.map((s) => s.toldAt ?? null) });
    } else {
      for (const stream of streams) stream.socket.destroy();
      process.exit(0);
    }
  })();
});
