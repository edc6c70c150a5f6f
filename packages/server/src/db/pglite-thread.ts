import { Worker } from 'node:worker_threads';
import {
  createTableRelationsHelpers,
  extractTablesRelationalConfig,
  type ExtractTablesWithRelations,
  type RelationalSchemaConfig,
} from 'drizzle-orm';
import { PgDialect, type PgTransactionConfig } from 'drizzle-orm/pg-core';
import { PgProxyTransaction, PgRemoteDatabase, PgRemoteSession } from 'drizzle-orm/pg-proxy';
import { type PgliteReply, type PgliteRequest, type PgliteThreadInit, type SerializedError } from './pglite-protocol.js';
import * as schema from './schema.js';

type Schema = typeof schema;
type Tables = ExtractTablesWithRelations<Schema>;

/** An error raised by the embedded database, with PostgreSQL's fields (code, constraint, ...). */
export class EmbeddedDatabaseError extends Error {
  readonly code: string | undefined;
  readonly constraint: string | undefined;
  readonly detail: string | undefined;
  readonly table: string | undefined;
  readonly column: string | undefined;
  readonly severity: string | undefined;
  constructor(fields: SerializedError) {
    super(fields.message ?? 'embedded database error');
    this.name = 'EmbeddedDatabaseError';
    this.code = fields.code;
    this.constraint = fields.constraint;
    this.detail = fields.detail;
    this.table = fields.table;
    this.column = fields.column;
    this.severity = fields.severity;
  }
}

type Request = PgliteRequest extends infer R ? (R extends PgliteRequest ? Omit<R, 'id'> : never) : never;

/** The main thread's end of the embedded database's thread. */
export class PgliteThread {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private failure: Error | null = null;
  private closing = false;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: PgliteReply) => {
      if (reply.kind !== 'result' && reply.kind !== 'error') return;
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.kind === 'result') waiting?.resolve(reply.value);
      else waiting?.reject(new EmbeddedDatabaseError(reply.error));
    });
    const fail = (error: Error) => {
      if (this.closing) return;
      // Code 57P01 (admin shutdown): callers report the database as unavailable (503), not a bug.
      this.failure = new EmbeddedDatabaseError({ message: `embedded database stopped: ${error.message}`, code: '57P01' });
      for (const waiting of this.pending.values()) waiting.reject(this.failure);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`thread exited with code ${code}`)));
  }

  static async start(init: PgliteThreadInit): Promise<{ thread: PgliteThread; fresh: boolean }> {
    const worker = spawnWorker(init);
    let onMessage = (_reply: PgliteReply): void => undefined;
    let onError = (_error: Error): void => undefined;
    let onExit = (_code: number): void => undefined;
    const fresh = await new Promise<boolean>((resolve, reject) => {
      onMessage = (reply) => {
        if (reply.kind === 'ready') resolve(reply.fresh);
        if (reply.kind === 'failed') reject(new EmbeddedDatabaseError(reply.error));
      };
      onError = reject;
      onExit = (code) => reject(new Error(`embedded database thread exited with code ${code} while starting`));
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    }).catch(async (error: unknown) => {
      await worker.terminate();
      throw error;
    });
    worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    return { thread: new PgliteThread(worker), fresh };
  }

  call(request: Request): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  async query(tx: number | null, sql: string, params: unknown[], method: 'all' | 'execute'): Promise<{ rows: unknown[] }> {
    const rows = await this.call({ op: 'query', tx, sql, params, rowMode: method === 'all' ? 'array' : 'object' });
    return { rows: Array.isArray(rows) ? rows : [] };
  }

  async begin(): Promise<number> {
    const id = await this.call({ op: 'begin' });
    if (typeof id !== 'number') throw new Error('embedded database thread answered begin without an id');
    return id;
  }

  async end(tx: number, commit: boolean): Promise<void> {
    await this.call({ op: 'end', tx, commit });
  }

  async close(): Promise<void> {
    if (!this.failure) await this.call({ op: 'close' }).catch(() => undefined);
    this.closing = true;
    await this.worker.terminate();
    this.failure = new EmbeddedDatabaseError({ message: 'embedded database closed', code: '57P01' });
  }
}

/**
 * Built, the worker is JavaScript beside this file. From source (tsx, vitest) it is
 * TypeScript, and a worker does not inherit tsx's loader: it registers it first.
 */
function spawnWorker(init: PgliteThreadInit): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./pglite-worker.js', here), { workerData: init });
  const loader = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const entry = JSON.stringify(new URL('./pglite-worker.ts', here).href);
  return new Worker(`import(${loader}).then(({ register }) => { register(); return import(${entry}); });`, {
    eval: true,
    workerData: init,
  });
}

/** drizzle's proxy session, with transactions carried to the thread (the proxy driver has none). */
class ThreadSession extends PgRemoteSession<Schema, Tables> {
  constructor(
    private readonly thread: PgliteThread,
    private readonly txId: number | null,
    private readonly pgDialect: PgDialect,
    private readonly relations: RelationalSchemaConfig<Tables>,
  ) {
    super((sql, params, method) => thread.query(txId, sql, params, method), pgDialect, relations);
  }

  override async transaction<T>(work: (tx: PgProxyTransaction<Schema, Tables>) => Promise<T>, config?: PgTransactionConfig): Promise<T> {
    if (this.txId !== null) throw new Error('nested transactions are not supported on the embedded database');
    const txId = await this.thread.begin();
    const tx = new PgProxyTransaction<Schema, Tables>(
      this.pgDialect,
      new ThreadSession(this.thread, txId, this.pgDialect, this.relations),
      this.relations,
    );
    try {
      if (config) await tx.setTransaction(config);
      const result = await work(tx);
      await this.thread.end(txId, true);
      return result;
    } catch (error) {
      await this.thread.end(txId, false).catch(() => undefined);
      throw error;
    }
  }
}

/** A drizzle database whose queries run on the embedded database's thread. */
export function drizzleOnThread(thread: PgliteThread): PgRemoteDatabase<Schema> {
  const dialect = new PgDialect();
  const tables = extractTablesRelationalConfig<Tables>(schema, createTableRelationsHelpers);
  const relations: RelationalSchemaConfig<Tables> = { fullSchema: schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap };
  return new PgRemoteDatabase(dialect, new ThreadSession(thread, null, dialect, relations), relations);
}
