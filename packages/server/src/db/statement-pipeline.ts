import pg from 'pg';
import { isCancelled } from './pg-errors.js';

/** How long the oldest statement on a connection may have been waiting before new ones go elsewhere. */
export const STALLED_AFTER_MS = 100;

/**
 * How long PostgreSQL lets a pipelined statement run (its `statement_timeout` on these connections):
 * a statement that waits longer (for a lock, mostly) is cancelled, having written nothing, and runs
 * again through the pool, where it may wait its whole `lock_timeout`. The statements queued behind it
 * wait this long at most for it, not the 2 s of the vote functions' lock timeout.
 */
export const PIPELINED_STATEMENT_TIMEOUT_MS = 100;

/** Why a statement goes to the pool: every connection was held up, or it was cancelled there while it waited. */
export type Elsewhere = 'held-up' | 'cancelled';

interface Slot {
  client: pg.Client | undefined;
  /** when each statement in flight on it was sent, oldest first (they are answered in order) */
  sent: number[];
}

/**
 * The app's short named statements (the session check and the votes: each one
 * statement, its own transaction) sent over a few connections in node-postgres's
 * pipeline mode, rather than each taking a pooled connection to itself.
 *
 * - A statement is written as soon as it is asked for, without waiting for the
 *   answers to those before it on the connection; PostgreSQL runs them in
 *   order, each committed on its own (each ends with its own Sync), so one that
 *   fails fails alone.
 * - The statements asked for in one turn of the event loop go to each connection
 *   in one write: the socket is corked from the first of them until the turn
 *   ends. Under load a vote costs the app and PostgreSQL a fraction of a
 *   system call and of a wake-up, instead of one each (docs/performance.md,
 *   "Statements pipelined").
 * - Each goes to the connection with the fewest statements in flight, passing over one whose
 *   oldest statement has waited STALLED_AFTER_MS; when all have, it goes to the pool instead.
 * - A statement that runs over PIPELINED_STATEMENT_TIMEOUT_MS (waiting for a film's lock, say) is
 *   cancelled by PostgreSQL and runs again through the pool: the queue behind it is held up that
 *   long at most, and it still gets its whole lock timeout.
 * - A connection that fails fails the statements in flight on it with the
 *   connection error (answered 503, as the pool's are), and is replaced at the
 *   next statement: the database going away and coming back is handled as the
 *   pool handles it.
 */
export class StatementPipeline {
  private readonly slots: Slot[];
  private readonly corked = new Set<pg.Client>();
  private flushing = false;
  private ended = false;

  /**
   * @param stalled where a statement goes when every connection is held up behind one that has
   *   waited STALLED_AFTER_MS (a lock, a slow plan), and where a cancelled one runs again: the
   *   pool, so one film's lock cannot hold up the votes on every other film for its whole lock_timeout.
   */
  constructor(
    private readonly config: pg.ClientConfig,
    size: number,
    private readonly stalled: (
      config: pg.QueryConfig,
      values: unknown[] | undefined,
      why: Elsewhere,
    ) => Promise<pg.QueryResult<pg.QueryResultRow>>,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.slots = Array.from({ length: Math.max(1, size) }, () => ({ client: undefined, sent: [] }));
  }

  query(config: pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult<pg.QueryResultRow>> {
    if (this.ended) return Promise.reject(new Error('Client was closed and is not queryable'));
    const now = this.now();
    let slot: Slot | undefined;
    for (const candidate of this.slots) {
      const oldest = candidate.sent[0];
      if (oldest !== undefined && now - oldest > STALLED_AFTER_MS) continue;
      if (!slot || candidate.sent.length < slot.sent.length) slot = candidate;
    }
    if (!slot) return this.stalled(config, values, 'held-up');
    const client = (slot.client ??= this.connect(slot));
    this.cork(client);
    const sent = slot.sent;
    sent.push(now);
    const settled = () => {
      sent.shift();
    };
    const answer = client.query<pg.QueryResultRow>(config, values);
    answer.then(settled, settled);
    return answer.catch((error: unknown) => {
      if (isCancelled(error)) return this.stalled(config, values, 'cancelled');
      throw error;
    });
  }

  /** Ends every connection, after the statements already sent. */
  async end(): Promise<void> {
    this.ended = true;
    this.flush();
    await Promise.all(this.slots.map(async (slot) => slot.client?.end().catch(() => undefined)));
  }

  private connect(slot: Slot): pg.Client {
    const client = new pg.Client({ ...this.config, pipeline: true, statement_timeout: PIPELINED_STATEMENT_TIMEOUT_MS });
    const drop = () => {
      if (slot.client !== client) return;
      slot.client = undefined;
      // Its statements fail (node-postgres rejects each, and each settles its own entry of this list);
      // the new connection starts with a list of its own.
      slot.sent = [];
    };
    // The statements queued on it fail with the error (node-postgres rejects each); the next one reconnects.
    client.on('error', drop);
    client.on('end', drop);
    client.connect().catch(drop);
    return client;
  }

  /** Holds the client's writes until this turn of the event loop is over (setImmediate runs after its I/O). */
  private cork(client: pg.Client): void {
    if (this.corked.has(client)) return;
    client.connection.stream.cork();
    this.corked.add(client);
    if (!this.flushing) {
      this.flushing = true;
      setImmediate(this.flush);
    }
  }

  private readonly flush = () => {
    this.flushing = false;
    for (const client of this.corked) client.connection.stream.uncork();
    this.corked.clear();
  };
}
