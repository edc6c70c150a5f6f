import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { messages } from '@filmlist/shared/messages';

/** How long the live region keeps saying the list was updated. */
const SAID_FOR_MS = 5_000;

/** When the browser is idle after the first paint, and at the latest this long after it, the live list's code is loaded. */
const LOAD_WITHIN_MS = 2_000;

/**
 * Keeps the list of an open page at the server's version
 * (docs/product.md §Live list). Its code (./live-list) is fetched once the
 * page is painted and the browser is idle, so it is no part of the first view.
 * Returns what the page's polite live region says: messages.listUpdated for a
 * few seconds after an update, otherwise nothing.
 */
export function useLiveList(): string {
  const client = useQueryClient();
  const [said, setSaid] = useState('');
  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const updated = () => {
      setSaid(messages.listUpdated);
      clearTimeout(quiet);
      quiet = setTimeout(() => setSaid(''), SAID_FOR_MS);
    };
    const load = () => {
      import('./live-list').then(
        ({ startLiveList }) => {
          if (!cancelled) stop = startLiveList(client, updated);
        },
        (error: unknown) => console.error('The live list could not be loaded', error),
      );
    };
    let cancelLoad: () => void;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(load, { timeout: LOAD_WITHIN_MS });
      cancelLoad = () => window.cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(load, LOAD_WITHIN_MS / 4);
      cancelLoad = () => clearTimeout(handle);
    }
    return () => {
      cancelled = true;
      cancelLoad();
      stop?.();
      clearTimeout(quiet);
    };
  }, [client]);
  return said;
}
