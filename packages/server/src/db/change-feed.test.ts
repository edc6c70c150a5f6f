import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { onPostgres, testDatabaseUrl } from '../../test/support/config.js';
import { waitFor } from '../../test/support/http.js';
import { ChangeFeed } from './change-feed.js';

const url = testDatabaseUrl ?? '';
const channel = `filmlist_feed_test_${process.pid}`;

describe.runIf(onPostgres && testDatabaseUrl)('the change feed', () => {
  it("passes on another process's notices with their payload, not its own, and reports anything as changed each time it listens", async () => {
    const heard: string[] = [];
    const feed = new ChangeFeed(url, channel, (payload) => heard.push(payload));
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    // The other connection listens too, to learn the feed's backend from the feed's own notice.
    let feedPid: number | undefined;
    other.on('notification', (message) => {
      if (message.payload === '9') feedPid = message.processId;
    });
    await other.query(`LISTEN ${channel}`);
    try {
      await feed.start();
      // What changed before it listened went unheard.
      expect(heard).toEqual(['']);
      await other.query('SELECT pg_notify($1, $2)', [channel, '4,7']);
      await feed.notify('9');
      await other.query('SELECT pg_notify($1, $2)', [channel, '']);
      await waitFor('the two notices of the other connection', 2000, () => heard.length === 3);
      expect(heard).toEqual(['', '4,7', '']);

      // Its connection ends (a restart, a failover): anything may change while it is away, and again until it listens.
      await waitFor("the feed's own notice, at the other connection", 2000, () => feedPid !== undefined);
      await other.query('SELECT pg_terminate_backend($1)', [feedPid]);
      await waitFor('listening again', 5000, () => feed.connected && heard.length === 5);
      expect(heard.slice(3)).toEqual(['', '']);
      await other.query('SELECT pg_notify($1, $2)', [channel, '12']);
      await waitFor('a notice after it came back', 2000, () => heard.length === 6);
      expect(heard.at(-1)).toBe('12');
    } finally {
      await feed.close();
      await other.end();
    }
  });
});
