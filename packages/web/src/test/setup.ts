import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { forgetCalls, server } from './fake-api';

// findBy and waitFor wait up to 5 s, not 1 s: a page's first render can take longer than a second on a
// machine busy with other suites (a CI run beside a load test did), and nothing asserted here is a time.
configure({ asyncUtilTimeout: 5000 });

/** Requests no handler answered in this test: each one fails it. */
const unhandled: string[] = [];
server.events.on('request:unhandled', ({ request }) => {
  unhandled.push(`${request.method} ${new URL(request.url).pathname}`);
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  server.resetHandlers();
  forgetCalls();
  const missed = unhandled.splice(0);
  if (missed.length > 0) throw new Error(`The fake API has no answer for: ${missed.join(', ')}`);
});

afterAll(() => server.close());
