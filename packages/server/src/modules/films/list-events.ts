import type { Clock } from '../../lib/clock.js';

/**
 * How the live list paces itself (docs/product.md §Live list): at most one
 * event a second per stream (and one read of the list's version a second per
 * process, however many writes), and a comment every 25 s so proxies keep an
 * idle stream open.
 */
export const LIVE_LIST_PACE = { minGapMs: 1000, heartbeatMs: 25_000 };

/** A stream whose client reads nothing while this much waits unsent is dropped: it is not listening. */
const MAX_UNSENT_BYTES = 64 * 1024;

/** The longest Last-Event-ID taken as a version; anything longer is no version this server made. */
const MAX_EVENT_ID_LENGTH = 200;

/** Events go out to this many streams at a time, and other work (a list read, a vote) comes in between. */
const SEND_SLICE = 1000;

/** Streams held back by the pace are sent together: a tick waits this much past the first of them to be due. */
const TICK_SLACK_MS = 25;

/** The comment that keeps an idle stream open, as it is written to every stream. */
const HEARTBEAT = Buffer.from(': still here\n\n');

export interface ListEventsOptions {
  /** the ranked list's current version (its ETag) */
  version: () => Promise<string>;
  clock: Clock;
  /** true while changes made by other instances may go unheard (their change feed is down): the version is then read every second */
  mayMissChanges?: () => boolean;
  /** open streams allowed per client address, and in this process */
  limits: { perAddress: number; total: number };
  onError?: (error: unknown) => void;
}

export type Admission = 'open' | 'address-full' | 'process-full' | 'closing';

/** Where a stream's events are written: the client's connection (or, for a request injected in-process, its response). */
export interface EventSink {
  write(bytes: Buffer): unknown;
  cork(): void;
  uncork(): void;
  end(): unknown;
  destroy(): unknown;
  readonly writableLength: number;
  once(event: 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/** What is kept per open stream: nothing else (no timer of its own, one listener). */
interface Stream {
  address: string;
  /** the answer's head is written to it; then each event, until it closes */
  sink: EventSink;
  /** the version this client has: the last one sent, or the one it resumed from */
  has: string | undefined;
  /** when it was last sent an event (the clock's ms) */
  sentAt: number;
}

/** A version and its event, encoded once and written as these bytes to every stream. */
interface Version {
  version: string;
  event: Buffer;
}

/** An 'error' on a stream's sink is followed by its 'close', which drops it. */
function ignore(): void {}

/**
 * The open live-list streams of this process and what they are told
 * (docs/product.md §Live list). `changed()` is called on every write here and
 * on every change another instance announces; the version is then read at most
 * once a second and its event, encoded once, is written to every stream that
 * does not have it yet, a thousand at a time so that requests are answered in
 * between. A stream told less than a second before waits for one shared tick,
 * never a timer of its own.
 */
export class ListEvents {
  private readonly streams = new Set<Stream>();
  private readonly perAddress = new Map<string, number>();
  /** the version last read, while streams are open and no change since is unread */
  private latest: Version | undefined;
  private reading = false;
  /** a change arrived since the last read started */
  private dirty = false;
  private lastReadAt = -Infinity;
  /** streams that lack `latest` and were told something less than a second ago */
  private readonly held = new Set<Stream>();
  private cancelRead: (() => void) | undefined;
  private cancelTick: (() => void) | undefined;
  private cancelHeartbeat: (() => void) | undefined;
  /** counts the rounds of sending: a round that a newer one overtook stops */
  private sending = 0;
  private closed = false;

  constructor(private readonly options: ListEventsOptions) {}

  private now(): number {
    return this.options.clock.now().getTime();
  }

  /** How many streams are open here. */
  get size(): number {
    return this.streams.size;
  }

  /** Whether a new stream from `address` may open now. */
  admit(address: string): Admission {
    if (this.closed) return 'closing';
    if ((this.perAddress.get(address) ?? 0) >= this.options.limits.perAddress) return 'address-full';
    if (this.streams.size >= this.options.limits.total) return 'process-full';
    return 'open';
  }

  /**
   * Takes an admitted stream whose answer's head is written to `sink`: it is
   * told the current version at once, unless `lastEventId` (a resumed stream)
   * already names it.
   */
  open(sink: EventSink, address: string, lastEventId: string | undefined): void {
    const resumed = lastEventId !== undefined && lastEventId.length <= MAX_EVENT_ID_LENGTH ? lastEventId : undefined;
    const stream: Stream = { address, sink, has: resumed, sentAt: -Infinity };
    this.streams.add(stream);
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    sink.once('close', () => this.drop(stream));
    sink.on('error', ignore);
    this.startHeartbeat();
    if (this.latest !== undefined) {
      if (stream.has !== this.latest.version) this.send(stream, this.latest, this.now());
      return;
    }
    // No version known yet (no stream was open): read it now, not a second later.
    if (this.reading) return;
    this.cancelRead?.();
    this.cancelRead = undefined;
    void this.read();
  }

  /** The list may have changed (a write here, or one another instance announced). */
  changed(): void {
    if (this.streams.size === 0) {
      // Nobody to tell: the next stream reads the version afresh.
      this.latest = undefined;
      return;
    }
    this.dirty = true;
    this.scheduleRead();
  }

  /** Ends every stream and takes no more (shutdown). */
  close(): void {
    this.closed = true;
    this.cancelRead?.();
    this.cancelTick?.();
    this.cancelHeartbeat?.();
    for (const stream of [...this.streams]) {
      this.drop(stream);
      // The answer ends with its connection, so a server closing does not wait for the client to hang up.
      stream.sink.end();
    }
  }

  private drop(stream: Stream): void {
    if (!this.streams.delete(stream)) return;
    this.held.delete(stream);
    const left = (this.perAddress.get(stream.address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(stream.address, left);
    else this.perAddress.delete(stream.address);
    if (this.streams.size === 0) {
      this.cancelHeartbeat?.();
      this.cancelHeartbeat = undefined;
      this.cancelRead?.();
      this.cancelRead = undefined;
      this.cancelTick?.();
      this.cancelTick = undefined;
      this.latest = undefined;
    }
  }

  /** Reads the version now, or a second after the last read if that was sooner: one read covers every change before it. */
  private scheduleRead(): void {
    if (this.closed || this.reading || this.cancelRead) return;
    const wait = this.lastReadAt + LIVE_LIST_PACE.minGapMs - this.now();
    if (wait <= 0) {
      void this.read();
      return;
    }
    this.cancelRead = this.options.clock.after(wait, () => {
      this.cancelRead = undefined;
      void this.read();
    });
  }

  private async read(): Promise<void> {
    if (this.streams.size === 0) return;
    this.reading = true;
    this.dirty = false;
    this.lastReadAt = this.now();
    try {
      const version = await this.options.version();
      // A change that arrived during the read may not be in it: keep the version, and read again.
      if (this.latest?.version !== version)
        this.latest = { version, event: Buffer.from(`event: list\nid: ${version}\ndata: ${version}\n\n`) };
      this.sendAll();
    } catch (error) {
      this.dirty = true;
      this.options.onError?.(error);
    } finally {
      this.reading = false;
    }
    if (this.dirty || this.options.mayMissChanges?.()) this.scheduleRead();
  }

  /**
   * Sends the latest version to every stream that lacks it, SEND_SLICE streams at a time with other
   * work let in between; those told less than a second ago wait for the tick.
   */
  private sendAll(): void {
    this.sending += 1;
    const round = this.sending;
    const streams = this.streams.values();
    const slice = () => {
      if (round !== this.sending || this.closed || !this.latest) return;
      const version = this.latest;
      const now = this.now();
      for (let sent = 0; sent < SEND_SLICE; sent += 1) {
        const next = streams.next();
        if (next.done) {
          this.scheduleTick();
          return;
        }
        const stream = next.value;
        if (stream.has === version.version) continue;
        if (stream.sentAt + LIVE_LIST_PACE.minGapMs > now) this.held.add(stream);
        else this.send(stream, version, now);
      }
      setImmediate(slice);
    };
    slice();
  }

  /**
   * One timer for every held stream: when the first is due (and a little after, to take those due about then), the due ones are sent the
   * latest version.
   */
  private scheduleTick(): void {
    if (this.cancelTick || this.held.size === 0 || this.closed) return;
    let first = Infinity;
    for (const stream of this.held) first = Math.min(first, stream.sentAt);
    const wait = Math.max(0, first + LIVE_LIST_PACE.minGapMs - this.now()) + TICK_SLACK_MS;
    this.cancelTick = this.options.clock.after(wait, () => {
      this.cancelTick = undefined;
      const now = this.now();
      for (const stream of this.held) {
        if (stream.sentAt + LIVE_LIST_PACE.minGapMs > now) continue;
        this.held.delete(stream);
        if (this.latest && stream.has !== this.latest.version) this.send(stream, this.latest, now);
      }
      this.scheduleTick();
    });
  }

  private send(stream: Stream, version: Version, now: number): void {
    stream.has = version.version;
    stream.sentAt = now;
    this.write(stream, version.event);
  }

  private startHeartbeat(): void {
    if (this.cancelHeartbeat || this.closed) return;
    this.cancelHeartbeat = this.options.clock.after(LIVE_LIST_PACE.heartbeatMs, () => {
      this.cancelHeartbeat = undefined;
      for (const stream of this.streams) this.write(stream, HEARTBEAT);
      if (this.streams.size > 0) this.startHeartbeat();
    });
  }

  private write(stream: Stream, bytes: Buffer): void {
    const { sink } = stream;
    if (sink.writableLength > MAX_UNSENT_BYTES) {
      this.drop(stream);
      sink.destroy();
      return;
    }
    sink.write(bytes);
  }
}
