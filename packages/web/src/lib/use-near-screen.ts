import { useCallback, useState } from 'react';

/**
 * How near the screen an element must come before what it shows is asked for: about a screenful of rows
 * ahead on a phone, half of one on a desktop. The browser's own `loading="lazy"` starts 1,250 to 2,500 px
 * away, so a keystroke that changes the list's 50 rows fetched about 27 row posters where 10 are seen, and
 * each fetch costs the page's main thread (docs/performance.md, "Row posters asked for near the screen").
 */
const MARGIN = '600px';

/** One observer for every element that waits, so a page of rows adds one, not fifty. */
let observer: IntersectionObserver | null = null;
const waiting = new Map<Element, () => void>();

function observe(element: Element, near: () => void): () => void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer?.unobserve(entry.target);
        const tell = waiting.get(entry.target);
        waiting.delete(entry.target);
        tell?.();
      }
    },
    { rootMargin: MARGIN },
  );
  waiting.set(element, near);
  observer.observe(element);
  return () => {
    waiting.delete(element);
    observer?.unobserve(element);
  };
}

/**
 * Whether the element has come near the screen (and stays so once it has), with the ref that watches it.
 * `already` answers true at once (the first screen's rows); so does a browser without IntersectionObserver.
 */
export function useNearScreen(already: boolean): [ref: (element: Element | null) => (() => void) | undefined, near: boolean] {
  const [near, setNear] = useState(() => already || typeof IntersectionObserver === 'undefined');
  const ref = useCallback(
    (element: Element | null) => (near || element === null ? undefined : observe(element, () => setNear(true))),
    [near],
  );
  return [ref, near];
}
