import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@filmlist/shared/messages';
import { openStream, type OpenedStream } from '../../../test/support/event-stream.js';
import { onPostgres } from '../../../test/support/config.js';
import { createFilm, createMember, type TestMember } from '../../../test/support/factories.js';
import { createTestApp, type TestApp, useTestApp } from '../../../test/support/test-app.js';
import { LIVE_LIST_PACE } from './list-events.js';

/** docs/product.md §Live list: GET /api/films/events over real connections, on the manual clock of the test app. */

async function listening(t: TestApp): Promise<string> {
  return t.app.listen({ port: 0, host: '127.0.0.1' });
}

async function listVersion(t: TestApp): Promise<string> {
  const res = await t.app.inject('/api/films/allfilms');
  return String(res.headers.etag);
}

async function rate(t: TestApp, member: TestMember, filmId: number, rating: number): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/ratings/rate',
    headers: member.auth,
    payload: { user_id: member.userId, film_id: filmId, rating },
  });
  expect(res.statusCode).toBe(201);
}

/** Waits until the server has seen every stream's client go. */
async function closed(t: TestApp): Promise<void> {
  for (let i = 0; i < 100 && t.app.listEvents.size > 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(t.app.listEvents.size).toBe(0);
}

/** Waits (real time) until the app has read the list's version after a write: then only the clock holds the event back. */
async function settled(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 150));
}

describe('the live list (GET /api/films/events)', () => {
  const t = useTestApp();
  let base: string;
  const open: OpenedStream[] = [];
  const stream = async (headers: Record<string, string> = {}) => {
    const opened = await openStream(base, '/api/films/events', { headers });
    open.push(opened);
    return opened;
  };

  beforeAll(async () => {
    base = await listening(t);
  });
  afterEach(async () => {
    for (const opened of open.splice(0)) opened.close();
    await closed(t);
  });

  it('answers an unbuffered, unstored event stream and names the current version at once', async () => {
    await createFilm(t.app);
    const events = await stream();
    expect(events.status).toBe(200);
    expect(events.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(events.headers['cache-control']).toBe('no-store, no-transform');
    expect(events.headers['x-accel-buffering']).toBe('no');
    // The security headers every answer carries.
    expect(events.headers['x-content-type-options']).toBe('nosniff');
    const first = await events.nextEvent(1000);
    const version = await listVersion(t);
    expect(first).toEqual({ kind: 'event', event: 'list', id: version, data: version });
  });

  it('tells an open stream of a vote, at most once a second, and its last event names the list as it is', async () => {
    const film = await createFilm(t.app);
    const member = await createMember(t.app);
    const events = await stream();
    const before = (await events.nextEvent(1000)).data;

    // Within a second of the stream's first event: held back until the second has passed.
    await rate(t, member, film.filmId, 7);
    await settled();
    await events.silentFor(200);
    t.clock.advance(LIVE_LIST_PACE.minGapMs);
    const afterVote = await events.nextEvent(1000);
    expect(afterVote.data).not.toBe(before);
    expect(afterVote.data).toBe(await listVersion(t));

    // Three quick votes: none is sent within the second after the last event.
    const others = await Promise.all([createMember(t.app), createMember(t.app), createMember(t.app)]);
    for (const [i, other] of others.entries()) await rate(t, other, film.filmId, 8 + i);
    await settled();
    await events.silentFor(200);
    // Each further second brings at most one event, until the stream has the current version.
    const seen: string[] = [];
    const current = await listVersion(t);
    for (let second = 0; second < 5 && seen.at(-1) !== current; second += 1) {
      t.clock.advance(LIVE_LIST_PACE.minGapMs);
      await settled();
      const event = await events.nextEvent(1000);
      seen.push(event.data);
      await events.silentFor(100);
    }
    expect(seen.at(-1)).toBe(current);
    expect(seen.length).toBeLessThanOrEqual(2);
  });

  it('sends a comment every 25 s, so proxies keep an idle stream open', async () => {
    const events = await stream();
    await events.nextEvent(1000);
    t.clock.advance(LIVE_LIST_PACE.heartbeatMs - 1);
    await events.silentFor(200);
    t.clock.advance(1);
    expect((await events.next(1000)).kind).toBe('comment');
    t.clock.advance(LIVE_LIST_PACE.heartbeatMs);
    expect((await events.next(1000)).kind).toBe('comment');
  });

  it('tells a resumed stream the version only when it differs from Last-Event-ID', async () => {
    await createFilm(t.app);
    const current = await listVersion(t);
    const resumed = await stream({ 'last-event-id': current });
    await resumed.silentFor(300);

    const behind = await stream({ 'last-event-id': 'W/"an-older-version"' });
    expect((await behind.nextEvent(1000)).data).toBe(current);

    // The resumed stream still hears of the next change (within a second of the last read of the version).
    await createFilm(t.app);
    await settled();
    t.clock.advance(LIVE_LIST_PACE.minGapMs);
    const next = await resumed.nextEvent(1000);
    expect(next.data).not.toBe(current);
    expect(next.data).toBe(await listVersion(t));
  });

  it('takes a Last-Event-ID that names no version (empty, overlong, odd bytes) as none: the current version, never an error', async () => {
    const current = await listVersion(t);
    for (const id of ['', ' ', 'W/"', `W/"${'a'.repeat(300)}"`, 'caf\u00e9', '../../etc/passwd', `${current}x`]) {
      const events = await stream({ 'last-event-id': id });
      expect(events.status, JSON.stringify(id)).toBe(200);
      expect((await events.nextEvent(1000)).data).toBe(current);
      events.close();
    }
  });

  it('answers HEAD with the stream headers and no stream', async () => {
    const res = await openStream(base, '/api/films/events', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    await res.ended;
  });
});

describe('the live list to many streams', () => {
  const t = useTestApp({ env: { TRUST_PROXY: '1', EVENT_STREAMS_PER_ADDRESS: '1' } });

  it('tells each of 1,200 streams of a vote once: the event goes out a thousand streams at a time, none left out', async () => {
    const streams: OpenedStream[] = [];
    try {
      const base = await listening(t);
      const film = await createFilm(t.app);
      const member = await createMember(t.app);
      for (let i = 0; i < 1200; i += 100) {
        const batch = Array.from({ length: 100 }, (_, j) =>
          openStream(base, '/api/films/events', { headers: { 'x-forwarded-for': `10.7.${(i + j) >> 8}.${(i + j) & 255}` } }),
        );
        streams.push(...(await Promise.all(batch)));
      }
      expect(streams.map((opened) => opened.status)).toEqual(streams.map(() => 200));
      const before = await listVersion(t);
      for (const opened of streams) expect((await opened.nextEvent(5000)).data).toBe(before);

      await rate(t, member, film.filmId, 6);
      await settled();
      t.clock.advance(LIVE_LIST_PACE.minGapMs);
      const after = await listVersion(t);
      expect(after).not.toBe(before);
      for (const opened of streams) expect((await opened.nextEvent(5000)).data).toBe(after);
      // Once each: nothing more comes.
      await Promise.all(streams.map((opened) => opened.silentFor(300)));
    } finally {
      for (const opened of streams) opened.close();
      await closed(t);
    }
  }, 60_000);
});

describe('live-list limits', () => {
  // One proxy in front: the client's address is the last X-Forwarded-For entry.
  const t = useTestApp({ env: { EVENT_STREAMS_PER_ADDRESS: '2', EVENT_STREAMS_MAX: '4', TRUST_PROXY: '1' } });
  let base: string;
  const open: OpenedStream[] = [];
  const stream = async (headers: Record<string, string> = {}) => {
    const opened = await openStream(base, '/api/films/events', { headers });
    open.push(opened);
    return opened;
  };

  beforeAll(async () => {
    base = await listening(t);
  });
  afterEach(async () => {
    for (const opened of open.splice(0)) opened.close();
    await closed(t);
  });

  it('refuses a client address more streams than EVENT_STREAMS_PER_ADDRESS with 429 and Retry-After, and takes one again once one closes', async () => {
    const from = (address: string) => ({ 'x-forwarded-for': address });
    const first = await stream(from('203.0.113.7'));
    await stream(from('203.0.113.7'));
    const refused = await stream(from('203.0.113.7'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(refused.body)).toEqual({ error: messages.rateLimited, code: 'rate_limited' });
    // Another client behind the same proxy has streams of its own.
    expect((await stream(from('203.0.113.8'))).status).toBe(200);

    first.close();
    await first.ended;
    let again: OpenedStream | undefined;
    for (let i = 0; i < 50 && again?.status !== 200; i += 1) {
      again = await stream(from('203.0.113.7'));
      if (again.status !== 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(again?.status).toBe(200);
  });

  it('refuses streams past EVENT_STREAMS_MAX in the process with 503 and Retry-After', async () => {
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4']) {
      expect((await stream({ 'x-forwarded-for': address })).status).toBe(200);
    }
    const refused = await stream({ 'x-forwarded-for': '198.51.100.5' });
    expect(refused.status).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused.body)).toEqual({ error: messages.serviceUnavailable, code: 'unavailable' });
  });
});

describe('the live list at shutdown', () => {
  it('ends open streams, so the server closes without waiting for their clients or the next comment', async () => {
    const t = await createTestApp();
    try {
      const base = await listening(t);
      const streams = await Promise.all([1, 2, 3].map(() => openStream(base, '/api/films/events')));
      await Promise.all(streams.map((s) => s.nextEvent(1000)));
      const started = performance.now();
      await t.app.close();
      expect(performance.now() - started).toBeLessThan(2000);
      await Promise.all(streams.map((s) => s.ended));
      // Nothing new is taken.
      await expect(openStream(base, '/api/films/events')).rejects.toThrow();
    } finally {
      await t.close();
    }
  });
});

// Two app instances on one PostgreSQL: a vote through one reaches the streams of the other, through the change feed.
describe.runIf(onPostgres)('the live list on two instances', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp();
    second = await createTestApp({ databaseUrl: first.databaseUrl });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('sends the new version to a stream on the other instance', async () => {
    const film = await createFilm(first.app);
    const member = await createMember(first.app);
    const events = await openStream(await listening(second), '/api/films/events');
    try {
      const before = (await events.nextEvent(1000)).data;
      await rate(first, member, film.filmId, 9);
      // Through PostgreSQL's change feed and the other process's once-a-second pace, which runs on the
      // test's manual clock: a notice of an earlier write (the film, the member) may arrive late and
      // start a read that holds the vote's read back a second, so the clock moves a second at a time
      // until the event comes. Delivery is what is checked here; how fast 10,000 streams hear of a
      // vote is the bench's figure (docs/capacity.md).
      let after: Awaited<ReturnType<typeof events.nextEvent>> | undefined;
      for (let tick = 0; tick < 10 && (after === undefined || after.data === before); tick += 1) {
        second.clock.advance(LIVE_LIST_PACE.minGapMs);
        after = await events.nextEvent(1000).catch(() => after);
      }
      if (after === undefined) throw new Error('no event on the other instance within ten seconds of its clock');
      expect(after.data).not.toBe(before);
      expect(after.data).toBe(await listVersion(second));
      expect(after.data).toBe(await listVersion(first));
    } finally {
      events.close();
    }
  });
});
