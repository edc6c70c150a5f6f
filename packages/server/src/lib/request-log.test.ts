import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/support/test-app.js';
import { loggableUrl } from './request-log.js';

const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});
const t = useTestApp({ app: { logger: { level: 'info', stream: sink } } });

describe('the request log', () => {
  it('keeps no verification or reset token from a mailed link, and the rest of the address', () => {
    expect(loggableUrl('/reset-password/fmH5sCHBjEp-s77uTaqCVLX63naGGsk8sGnpTpdoSBY?x=1')).toBe('/reset-password/[redacted]?x=1');
    expect(loggableUrl('/api/users/verification/abc.def')).toBe('/api/users/verification/[redacted]');
    expect(loggableUrl('/films/the-fall-2006')).toBe('/films/the-fall-2006');
  });

  it('of a reset link opened in the browser and a verification through the API, without the tokens', async () => {
    const reset = 'k'.repeat(43);
    const verification = 'v'.repeat(43);
    await t.app.inject({ method: 'GET', url: `/reset-password/${reset}` });
    await t.app.inject({ method: 'GET', url: `/api/users/verification/${verification}` });
    const logged = lines.join('');
    expect(logged).toContain('/reset-password/[redacted]');
    expect(logged).toContain('/api/users/verification/[redacted]');
    expect(logged).not.toContain(reset);
    expect(logged).not.toContain(verification);
  });
});
