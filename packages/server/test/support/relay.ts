import net from 'node:net';

/**
 * `pass`: both ways, untouched. `drop-answer`: the instance gets each request
 * and does its work, but its answer never comes back and the connection
 * breaks, as when an instance dies right after making a write. `hold`: the
 * connections open at the switch keep both ways back, as a stalled path does,
 * and send them on once the mode is `pass` again (connections made meanwhile
 * pass). `hang`: the connections open are cut, and new ones
 * are accepted but never joined to the target, now or later (a handshake
 * that never ends).
 */
export type RelayMode = 'pass' | 'drop-answer' | 'hold' | 'hang';

export interface Relay {
  /** host:port, for nginx's upstream */
  host: string;
  mode: RelayMode;
  /** "METHOD /path" of every request that went through to the instance, in order */
  readonly requests: string[];
  close(): Promise<void>;
}

const REQUEST_LINE = /(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) (\S+) HTTP\/1\.[01]\r\n/g;

/** A TCP relay on loopback in front of one instance: the network between a proxy and that instance, which a test can break. */
export async function startRelay(target: string): Promise<Relay> {
  const url = new URL(`http://${target}`);
  const sockets = new Set<net.Socket>();
  const requests: string[] = [];
  let mode: RelayMode = 'pass';
  const held: Array<() => void> = [];
  /** the connections open now, each held or not */
  const joined = new Set<{ held: boolean }>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    if (mode === 'hang') return;
    const instance = net.connect(Number(url.port), url.hostname);
    const end = () => {
      client.destroy();
      instance.destroy();
    };
    for (const socket of [client, instance]) {
      sockets.add(socket);
      socket.on('close', () => {
        sockets.delete(socket);
        end();
      });
      socket.on('error', end);
    }
    const connection = { held: false };
    joined.add(connection);
    instance.on('close', () => joined.delete(connection));
    const send = (to: net.Socket, chunk: Buffer) => {
      if (connection.held) held.push(() => to.write(chunk));
      else to.write(chunk);
    };
    client.on('data', (chunk: Buffer) => {
      for (const [, method, path] of chunk.toString('latin1').matchAll(REQUEST_LINE)) requests.push(`${method} ${path}`);
      send(instance, chunk);
    });
    instance.on('data', (chunk: Buffer) => {
      if (mode === 'drop-answer') end();
      else send(client, chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the relay has no port');
  const relay: Relay = {
    host: `127.0.0.1:${address.port}`,
    get mode() {
      return mode;
    },
    set mode(next: RelayMode) {
      mode = next;
      if (next === 'hang') for (const socket of sockets) socket.destroy();
      for (const connection of joined) connection.held = next === 'hold';
      if (next === 'pass') for (const release of held.splice(0)) release();
    },
    requests,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return relay;
}
