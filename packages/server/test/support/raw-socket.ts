import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Every answer in a raw HTTP/1.1 byte stream (pipelined answers one after another). */
export function parseAnswers(raw: string): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let rest = raw;
  while (rest.startsWith('HTTP/1.1 ')) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const [statusLine = '', ...lines] = rest.slice(0, end).split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    const bodyBytes = Buffer.from(rest.slice(end + 4), 'utf8').subarray(0, length);
    const body = bodyBytes.toString('utf8');
    answers.push({ status: Number(statusLine.split(' ')[1]), headers, body });
    rest = rest.slice(end + 4 + body.length);
  }
  return answers;
}

export interface RawConnection {
  write(text: string): void;
  /** everything received until the server closed the connection (or `timeoutMs` passed) */
  closed(timeoutMs?: number): Promise<{ raw: string; answers: RawAnswer[]; ms: number }>;
}

/** A plain TCP connection to send hand-made (slow, broken, pipelined) HTTP. */
export async function openRawConnection(port: number, host = '127.0.0.1'): Promise<RawConnection> {
  const socket = net.connect(port, host);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const opened = performance.now();
  let raw = '';
  socket.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
  socket.on('error', () => undefined);
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return {
    write: (text) => void socket.write(text),
    async closed(timeoutMs = 30_000) {
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
      const ms = performance.now() - opened;
      socket.destroy();
      return { raw, answers: parseAnswers(raw), ms };
    },
  };
}
