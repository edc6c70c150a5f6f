import type { QueryClient } from '@tanstack/react-query';
import { refreshListTo } from './get-films';

/** The live list's stream (docs/product.md §Live list). */
const EVENTS_URL = '/api/films/events';
/** The Web Lock whose holder keeps the browser's one stream, and the channel on which it tells the other tabs. */
const LEADER_LOCK = 'filmlist:live-list';
const CHANNEL = 'filmlist:live-list';

/** After a stream the server refused (429, 503) or a failed start: the first wait, doubled each time up to the last. */
const RETRY_FIRST_MS = 5_000;
const RETRY_LAST_MS = 60_000;

type TabMessage = { kind: 'version'; version: string } | { kind: 'ask' };

function tabMessage(data: unknown): TabMessage | null {
  if (typeof data !== 'object' || data === null || !('kind' in data)) return null;
  if (data.kind === 'ask') return { kind: 'ask' };
  if (data.kind === 'version' && 'version' in data && typeof data.version === 'string') return { kind: 'version', version: data.version };
  return null;
}

export interface LiveListEnvironment {
  /** the page's document: whether it is shown, and its visibilitychange events */
  document: Document;
  EventSource: typeof EventSource | undefined;
  BroadcastChannel: typeof BroadcastChannel | undefined;
  locks: LockManager | undefined;
}

const browser = (): LiveListEnvironment => ({
  document,
  EventSource: typeof EventSource === 'undefined' ? undefined : EventSource,
  BroadcastChannel: typeof BroadcastChannel === 'undefined' ? undefined : BroadcastChannel,
  // Absent outside secure contexts and in older browsers.
  locks: typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined,
});

/**
 * Keeps the list in `client` at the version the server announces
 * (docs/product.md §Live list), and calls `onUpdated` when the list shown changed.
 *
 * One stream per browser: the tabs that are shown ask for one Web Lock, and
 * the one holding it keeps the stream and passes each version to the others on
 * a BroadcastChannel. A hidden tab lets go of the lock (another shown tab takes
 * the stream over; with none, no stream is open) and catches up when shown,
 * asking the holder for the latest version. Without Web Locks or
 * BroadcastChannel each shown tab keeps a stream of its own; without
 * EventSource nothing happens. Returns what stops it.
 */
export function startLiveList(client: QueryClient, onUpdated: () => void, env: LiveListEnvironment = browser()): () => void {
  const { document: page, EventSource: Source, BroadcastChannel: Channel, locks } = env;
  if (!Source) return () => undefined;
  let stopped = false;
  /** the newest version heard of */
  let latest: string | null = null;
  /** the version last taken in, or being taken in */
  let taken: string | null = null;
  const shown = () => page.visibilityState === 'visible';

  const take = (version: string) => {
    latest = version;
    if (stopped || !shown() || taken === version) return;
    taken = version;
    refreshListTo(client, version).then(
      (changed) => {
        if (changed && !stopped) onUpdated();
      },
      () => {
        // The list keeps what it had; the next version tries again.
        if (taken === version) taken = null;
      },
    );
  };

  const channel = Channel && locks ? new Channel(CHANNEL) : null;

  // The stream, while this tab holds it.
  let source: EventSource | null = null;
  let retryMs = RETRY_FIRST_MS;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const openStream = () => {
    if (stopped || source) return;
    const opened = new Source(EVENTS_URL);
    source = opened;
    opened.addEventListener('open', () => {
      retryMs = RETRY_FIRST_MS;
    });
    opened.addEventListener('list', (event) => {
      if (!('data' in event) || typeof event.data !== 'string') return;
      channel?.postMessage({ kind: 'version', version: event.data } satisfies TabMessage);
      take(event.data);
    });
    opened.addEventListener('error', () => {
      // The browser reconnects by itself after a dropped stream; a refused one (429, 503) is closed for good: try again later.
      if (opened.readyState !== Source.CLOSED || source !== opened) return;
      source = null;
      const wait = retryMs / 2 + Math.random() * (retryMs / 2);
      retryMs = Math.min(retryMs * 2, RETRY_LAST_MS);
      retryTimer = setTimeout(openStream, wait);
    });
  };
  const closeStream = () => {
    clearTimeout(retryTimer);
    source?.close();
    source = null;
  };

  // Leadership: the shown tab that holds the lock keeps the stream.
  let seeking: AbortController | null = null;
  let release: (() => void) | null = null;
  const lead = () => {
    if (stopped || seeking || release) return;
    if (!channel || !locks) {
      openStream();
      return;
    }
    const attempt = new AbortController();
    seeking = attempt;
    locks
      .request(LEADER_LOCK, { signal: attempt.signal }, () => {
        seeking = null;
        openStream();
        return new Promise<void>((done) => {
          release = done;
        });
      })
      .catch(() => {
        // Given up (hidden or stopped) before it was granted.
        if (seeking === attempt) seeking = null;
      });
  };
  const stepDown = () => {
    seeking?.abort();
    seeking = null;
    closeStream();
    release?.();
    release = null;
  };

  if (channel) {
    channel.onmessage = (event: MessageEvent) => {
      const message = tabMessage(event.data);
      if (message?.kind === 'version') take(message.version);
      // A tab just shown asks the stream's holder where the list is.
      else if (message?.kind === 'ask' && source && latest !== null)
        channel.postMessage({ kind: 'version', version: latest } satisfies TabMessage);
    };
  }

  const onVisibility = () => {
    if (!shown()) {
      stepDown();
      return;
    }
    lead();
    channel?.postMessage({ kind: 'ask' } satisfies TabMessage);
    if (latest !== null) take(latest);
  };
  page.addEventListener('visibilitychange', onVisibility);
  if (shown()) onVisibility();

  return () => {
    stopped = true;
    page.removeEventListener('visibilitychange', onVisibility);
    stepDown();
    channel?.close();
  };
}
