import net from 'node:net';

/**
 * Counts the writes that reach this process's sockets while `run` goes on: each is one system call
 * (write or writev), however many messages it carries. Nothing else may write meanwhile.
 */
export async function socketWrites<T>(run: () => Promise<T>): Promise<{ result: T; writes: number }> {
  const proto: object = net.Socket.prototype;
  const originals = new Map<string, unknown>();
  let writes = 0;
  for (const name of ['_write', '_writev']) {
    const original: unknown = Reflect.get(proto, name);
    if (typeof original !== 'function') throw new Error(`net.Socket has no ${name}`);
    originals.set(name, original);
    Reflect.set(proto, name, function (this: unknown, ...args: unknown[]): unknown {
      writes += 1;
      const written: unknown = Reflect.apply(original, this, args);
      return written;
    });
  }
  try {
    return { result: await run(), writes };
  } finally {
    for (const [name, original] of originals) Reflect.set(proto, name, original);
  }
}
