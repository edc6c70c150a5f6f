/**
 * The embedded database's own thread. PGlite runs PostgreSQL compiled to
 * WebAssembly synchronously on whichever thread holds it; here, a slow query
 * occupies this thread, and the server's event loop keeps answering what
 * needs no database (cached list, pages, health).
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { serializeError, type PgliteReply, type PgliteRequest, type PgliteThreadInit } from './pglite-protocol.js';

const port = parentPort;
if (!port) throw new Error('pglite-worker must run in a worker thread');

function isInit(value: unknown): value is PgliteThreadInit {
  return typeof value === 'object' && value !== null && 'migrationsFolder' in value && typeof value.migrationsFolder === 'string';
}

/** Dates and intervals stay text, as drizzle's PGlite driver asks, so columns map them the same way. */
const keepText = (value: string) => value;
const parsers = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, keepText]),
);

interface OpenTransaction {
  tx: Transaction;
  finish(commit: boolean): void;
}

/** Thrown out of PGlite's transaction callback to make it roll back. */
class Rollback extends Error {}

async function open(init: PgliteThreadInit): Promise<{ client: PGlite; fresh: boolean }> {
  if (init.dump) {
    const client = await PGlite.create({ loadDataDir: new Blob([init.dump]) });
    return { client, fresh: false };
  }
  if (!init.dataDir) throw new Error('pglite-worker needs dataDir or dump');
  const fresh = !existsSync(path.join(init.dataDir, 'PG_VERSION'));
  mkdirSync(init.dataDir, { recursive: true });
  return { client: await PGlite.create(init.dataDir), fresh };
}

async function main(messagePort: NonNullable<typeof parentPort>): Promise<void> {
  const post = (reply: PgliteReply) => messagePort.postMessage(reply);
  if (!isInit(workerData)) throw new Error('pglite-worker: bad workerData');
  let client: PGlite;
  try {
    const opened = await open(workerData);
    client = opened.client;
    await migrate(drizzle(client), { migrationsFolder: workerData.migrationsFolder });
    post({ kind: 'ready', fresh: opened.fresh });
  } catch (error) {
    post({ kind: 'failed', error: serializeError(error) });
    return;
  }

  const transactions = new Map<number, OpenTransaction>();
  /** Settles when the transaction has committed or rolled back. */
  const endings = new Map<number, Promise<void>>();
  let nextTx = 1;

  const begin = () =>
    new Promise<number>((started, failed) => {
      const id = nextTx++;
      const done = client
        .transaction(
          (tx) =>
            new Promise<void>((commit, rollback) => {
              transactions.set(id, { tx, finish: (ok) => (ok ? commit() : rollback(new Rollback())) });
              started(id);
            }),
        )
        .catch((error: unknown) => {
          if (!(error instanceof Rollback)) throw error;
        })
        .finally(() => {
          transactions.delete(id);
          endings.delete(id);
        });
      endings.set(id, done);
      // A failure before the callback ran (BEGIN itself failed) rejects the begin request.
      done.catch(failed);
    });

  const end = async (id: number, commit: boolean) => {
    const open = transactions.get(id);
    const ending = endings.get(id);
    if (!open || !ending) throw new Error(`no open transaction ${id}`);
    open.finish(commit);
    await ending;
  };

  const handle = async (request: PgliteRequest): Promise<unknown> => {
    switch (request.op) {
      case 'query': {
        const target = request.tx === null ? client : transactions.get(request.tx)?.tx;
        if (!target) throw new Error(`no open transaction ${String(request.tx)}`);
        const result = await target.query(request.sql, request.params, { rowMode: request.rowMode, parsers });
        return result.rows;
      }
      case 'begin':
        return begin();
      case 'end':
        return end(request.tx, request.commit);
      case 'close':
        await client.close();
        return null;
    }
  };

  messagePort.on('message', (request: PgliteRequest) => {
    handle(request).then(
      (value) => post({ kind: 'result', id: request.id, value }),
      (error: unknown) => post({ kind: 'error', id: request.id, error: serializeError(error) }),
    );
  });
}

void main(port);
