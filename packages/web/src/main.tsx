import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { prefetchFirstView } from './app/prefetch';
import { queryClient } from './app/query-client';
import { preloadFilmPage, preloadFirstPage } from './app/routes';
import { readSession } from './lib/session-storage';
import './styles.css';

const { pathname } = window.location;
const prefetched = prefetchFirstView(pathname, document, queryClient);
/** After the first paint: the list's own prefetch, then, on the list's pages, a film's page (the next tap). */
const afterFirstPaint = () => {
  prefetched();
  void preloadFilmPage(pathname).catch(() => undefined);
};

/** Runs `run` once the first frame of the app has been painted. */
function AfterFirstPaint({ run }: { run: () => void }) {
  useEffect(() => {
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(run, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [run]);
  return null;
}

const root = document.getElementById('root');
if (root) {
  // A failed preload renders anyway: the page's own loading then tries again.
  void preloadFirstPage(pathname, readSession() !== null)
    .catch(() => undefined)
    .then(() => {
      const app = createRoot(root);
      // An interruptible render: the first view is built in slices of a few milliseconds, so no long
      // task holds the main thread while it is (docs/performance.md, "The first view"; Lighthouse's Total Blocking Time).
      startTransition(() =>
        app.render(
          <StrictMode>
            <App />
            <AfterFirstPaint run={afterFirstPaint} />
          </StrictMode>,
        ),
      );
    });
}
