import pg from 'pg';

/**
 * Tells every instance on one PostgreSQL that something changed, through
 * LISTEN/NOTIFY on a dedicated connection that reconnects by itself. While it
 * is not listening, `connected` is false and callers must not trust local caches
 * for long. A notice carries a payload saying what changed ('' for anything);
 * a lost connection, and each time it listens again, are reported as a change
 * of anything. This process's own
 * notices are not reported back to it: it knew of the change first.
 */
export class ChangeFeed {
  private client: pg.Client | null = null;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | undefined;
  connected = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly channel: string,
    private readonly onChange: (payload: string) => void,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
  }

  async start(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.databaseUrl, connectionTimeoutMillis: 3000 });
    const lost = (error?: unknown) => {
      if (this.client !== client) return;
      this.client = null;
      this.connected = false;
      if (error) this.onError(error);
      // Whatever happened while away is unknown: treat it as a change of anything.
      this.onChange('');
      this.scheduleRetry();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    /** this connection's backend: the sender of this process's own notices */
    let ownPid: number | undefined;
    client.on('notification', (message) => {
      if (message.channel === this.channel && message.processId !== ownPid) this.onChange(message.payload ?? '');
    });
    this.client = client;
    try {
      await client.connect();
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      ownPid = rows[0]?.pid;
      await client.query(`LISTEN ${this.channel}`);
      if (this.client !== client) return;
      this.connected = true;
      // What changed before it listened (while it was away, or before it first started) went unheard.
      this.onChange('');
    } catch (error) {
      lost(error);
      client.end().catch(() => undefined);
    }
  }

  private scheduleRetry(): void {
    if (this.stopped || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.start();
    }, 1000);
    this.retryTimer.unref();
  }

  /** True once close() was called: it will not listen or send again. */
  get closed(): boolean {
    return this.stopped;
  }

  /**
   * Tell every other listening instance; false when the notice could not be sent (not listening, or the
   * connection failed), so the caller can say more in the next one.
   */
  async notify(payload = ''): Promise<boolean> {
    const client = this.client;
    if (!client || !this.connected) return false;
    try {
      await client.query('SELECT pg_notify($1, $2)', [this.channel, payload]);
      return true;
    } catch (error) {
      this.onError(error);
      return false;
    }
  }

  async close(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    this.connected = false;
    await client?.end().catch(() => undefined);
  }
}
