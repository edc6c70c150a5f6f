import { describe, expect, it } from 'vitest';
import { initialJavaScript } from '../bench/initial-js.js';

// The production build made by the e2e global setup: a first visit to / stays within its budget (docs/decisions/005-web-app-within-100kb.md).
describe('the initial JavaScript', () => {
  it('is at most 100 KB gzipped, React included', () => {
    const { files, totalGzip } = initialJavaScript();
    expect(files.length).toBeGreaterThan(1);
    // the home page's code is counted: in a chunk of its own, or in the list chunk it shares (vite.config.ts)
    expect(files.some((f) => f.file.startsWith('HomePage-') || f.file.startsWith('list-'))).toBe(true);
    expect(totalGzip).toBeLessThanOrEqual(100 * 1024);
  });
});
