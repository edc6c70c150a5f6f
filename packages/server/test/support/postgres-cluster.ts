import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { postgresBin } from './config.js';

const run = promisify(execFile);

/**
 * The directory of initdb and pg_ctl: POSTGRES_BIN when set, else the newest
 * /usr/lib/postgresql/<version>/bin (Debian's layout). Undefined when none is found.
 */
export function postgresBinaries(): string | undefined {
  const fromEnv = postgresBin;
  if (fromEnv) return existsSync(path.join(fromEnv, 'pg_ctl')) ? fromEnv : undefined;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl')) && existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

/** A TCP port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database: string): string;
  port: number;
  start(): Promise<void>;
  /** `pg_ctl stop`: immediate is a crash (recovery at the next start), fast ends sessions cleanly. */
  stop(mode?: 'immediate' | 'fast'): Promise<void>;
  /** the server's log so far, for failure messages */
  log(): string;
  destroy(): Promise<void>;
}

/**
 * A PostgreSQL cluster of the test's own: initdb into a temporary directory,
 * on a free port, its unix socket in that directory, trust authentication.
 * PostgreSQL refuses to run as root, so when the tests run as root every
 * command runs as the `postgres` user (runuser), who owns the directory.
 */
export async function createCluster(bin: string): Promise<PostgresCluster> {
  const root = mkdtempSync(path.join(tmpdir(), 'filmlist-pgcluster-'));
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'server.log');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    chownSync(root, uid, gid);
  }
  const pg = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);

  await pg('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c max_connections=50`;
  let running = false;
  const cluster: PostgresCluster = {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start: async () => {
      await pg('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '60', 'start']);
      running = true;
    },
    stop: async (mode = 'immediate') => {
      await pg('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
      running = false;
    },
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
    destroy: async () => {
      if (running) await cluster.stop('immediate').catch(() => undefined);
      rmSync(root, { recursive: true, force: true });
    },
  };
  return cluster;
}
