import { describe, expect, it } from 'vitest';
import { initialJavaScript } from '../bench/initial-js.js';

// The production build made by the e2e global setup: a first visit to / stays within the brief's budget.
describe('the initial JavaScript', () => {
  it('is at most 100 KB gzipped, React included', () => {
    const { files, totalGzip } = initialJavaScript();
    expect(files.length).toBeGreaterThan(1);
    expect(files.some((f) => f.file.startsWith('HomePage-'))).toBe(true);
    expect(totalGzip).toBeLessThanOrEqual(100 * 1024);
  });
});
