import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filmBody, filmList } from '@filmlist/shared/api/films';
import { myVotes } from '@filmlist/shared/api/votes';
import { systemClock } from '../../src/lib/clock.js';
import { openStream, type OpenedStream } from '../support/event-stream.js';
import { createFilm, createMember } from '../support/factories.js';
import { startNginx, type LoggedRequest, type NginxProcess } from '../support/nginx.js';
import { startRelay, type Relay } from '../support/relay.js';
import { startServer, type ServerProcess } from '../support/server-process.js';
import { useTestApp } from '../support/test-app.js';
import { onPostgres } from '../support/config.js';

/**
 * Debian's nginx with the shipped deploy/nginx.conf (its own folder and port,
 * never the system's nginx) in front of two real server processes on one
 * PostgreSQL database: the cache headers do what they claim (decision 013),
 * nothing private comes from the cache, and a killed instance is routed around.
 * A second nginx with the same file sits in front of one of them and a third
 * instance reached through a relay the test can break (docs/deployment.md, the
 * reverse proxy): a write that may have been made is never sent twice, a read
 * is, and a 503 does not take an instance out.
 */

const hostOf = (server: ServerProcess | undefined) => new URL(server?.url ?? 'http://missing').host;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls `attempt` until it returns true, for at most `ms` (round robin, and an instance that failed is left alone for 5 s). */
async function until(attempt: () => Promise<boolean>, ms: number): Promise<void> {
  const started = performance.now();
  while (!(await attempt())) {
    if (performance.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await sleep(200);
  }
}

describe.runIf(onPostgres)('nginx with deploy/nginx.conf in front of two instances', () => {
  // The in-process app shares the database, the signing key and the real clock: the factories make films and members with it.
  const t = useTestApp({ app: { clock: systemClock } });
  let servers: ServerProcess[] = [];
  let nginx: NginxProcess | undefined;
  /** nginx in front of the relay (to servers[2]) and servers[1] */
  let failing: NginxProcess | undefined;
  let relay: Relay | undefined;
  const dataDirs: string[] = [];

  beforeAll(async () => {
    const env = (extra: Record<string, string> = {}): Record<string, string> => {
      const dir = mkdtempSync(path.join(tmpdir(), 'filmlist-nginx-app-'));
      dataDirs.push(dir);
      return {
        DATA_DIR: dir,
        DATABASE_URL: t.databaseUrl ?? '',
        JWT_SECRET: t.config.jwtSecret ?? '',
        PUBLIC_URL: t.config.publicUrl,
        SEED_DEMO: 'false',
        // One proxy in front: nginx (docs/deployment.md).
        TRUST_PROXY: '1',
        ...extra,
      };
    };
    // The third instance takes one live stream at most, so that the test can make it answer 503.
    servers = await Promise.all([env(), env(), env({ EVENT_STREAMS_MAX: '1' })].map((vars) => startServer(vars, 90_000)));
    nginx = await startNginx({ upstreams: servers.slice(0, 2).map(hostOf), workerProcesses: 1 });
    relay = await startRelay(hostOf(servers[2]));
    failing = await startNginx({ upstreams: [relay.host, hostOf(servers[1])], workerProcesses: 1 });
  }, 120_000);

  afterAll(async () => {
    await nginx?.stop();
    await failing?.stop();
    await relay?.close();
    await Promise.all(servers.map((server) => server.stop('SIGTERM')));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  const through = (url: string, init: RequestInit = {}) => fetch(`${nginx?.url ?? ''}${url}`, init);
  const throughFailing = (url: string, init: RequestInit = {}) => fetch(`${failing?.url ?? ''}${url}`, init);
  /**
   * The access log's lines that `match`, once there are `atLeast` of them (for at most 3 s): nginx writes a request's line
   * just after the answer's last byte, so a test holding the answer can read the log a moment before the line is in it.
   */
  const logged = async (proxy: NginxProcess | undefined, match: (request: LoggedRequest) => boolean, atLeast = 1) => {
    const started = performance.now();
    for (;;) {
      const lines = proxy?.requests().filter(match) ?? [];
      if (lines.length >= atLeast || performance.now() - started > 3000) return lines;
      await sleep(50);
    }
  };
  const requestFor = (method: string, path: string) => (request: LoggedRequest) => request.method === method && request.path === path;
  /** The last logged request for `method` and `path`, once `sent` of them are logged (the requests made for it so far). */
  const lastLogged = async (proxy: NginxProcess | undefined, method: string, path: string, sent = 1) =>
    (await logged(proxy, requestFor(method, path), sent)).at(-1);
  const cacheStatus = (res: Response) => res.headers.get('x-cache-status');
  const listRead = () => through('/api/films/allfilms', { headers: { 'accept-encoding': 'br' } });

  it('answers a second read of the list from its cache, and shows a vote within s-maxage + 1 s', async () => {
    const film = await createFilm(t.app);
    const member = await createMember(t.app);
    const first = await listRead();
    expect(first.status).toBe(200);
    expect(first.headers.get('content-encoding')).toBe('br');
    await first.arrayBuffer();
    const second = await listRead();
    expect(cacheStatus(second)).toBe('HIT');
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    const sMaxAge = Number(/s-maxage=(\d+)/.exec(second.headers.get('cache-control') ?? '')?.[1]);
    expect(sMaxAge).toBeGreaterThan(0);
    const ratingsOf = async (res: Response) => filmList.parse(await res.json()).films.find((f) => f.film_id === film.filmId)?.r;
    expect(await ratingsOf(second)).toBe(0);

    const vote = await through('/api/ratings/rate', {
      method: 'POST',
      headers: { ...member.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: member.userId, film_id: film.filmId, rating: 9 }),
    });
    expect(vote.status).toBe(201);
    const voted = performance.now();
    const seen: string[] = [];
    let shownAfterMs = Infinity;
    while (performance.now() - voted < (sMaxAge + 3) * 1000) {
      const res = await listRead();
      seen.push(cacheStatus(res) ?? 'none');
      if ((await ratingsOf(res)) === 1) {
        shownAfterMs = performance.now() - voted;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(shownAfterMs, `cache statuses until then: ${seen.join(' ')}`).toBeLessThanOrEqual((sMaxAge + 1) * 1000);
  });

  it('shows a film that nobody read for longer than s-maxage + stale-while-revalidate as it is now, at the first read', async () => {
    const film = await createFilm(t.app);
    const member = await createMember(t.app);
    const details = `/api/films/filmdetails?slug=${encodeURIComponent(film.slug)}`;
    const ratingsOf = async (res: Response) => filmBody.parse(await res.json()).film.r;
    const first = await through(details);
    expect(first.status).toBe(200);
    expect(await ratingsOf(first)).toBe(0);
    const second = await through(details);
    expect(cacheStatus(second)).toBe('HIT');
    await second.arrayBuffer();
    const cacheControl = second.headers.get('cache-control') ?? '';
    const seconds = (name: string) => Number(new RegExp(`${name}=(\\d+)`).exec(cacheControl)?.[1]);
    expect(seconds('s-maxage')).toBeGreaterThan(0);
    expect(seconds('stale-while-revalidate')).toBeGreaterThan(0);

    const vote = await through('/api/ratings/rate', {
      method: 'POST',
      headers: { ...member.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: member.userId, film_id: film.filmId, rating: 8 }),
    });
    expect(vote.status).toBe(201);
    // A quiet spell: nobody reads the film's details.
    await sleep((seconds('s-maxage') + seconds('stale-while-revalidate') + 1) * 1000);
    const after = await through(details);
    expect(after.status).toBe(200);
    expect([cacheStatus(after), await ratingsOf(after)]).toEqual(['EXPIRED', 1]);
  });

  it('never answers a private request from its cache', async () => {
    const film = await createFilm(t.app);
    const member = await createMember(t.app);
    const votes = async () => {
      const res = await through('/api/me/votes', { headers: member.auth });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      return { status: cacheStatus(res), votes: myVotes.parse(await res.json()) };
    };
    const before = await votes();
    expect((await votes()).status).toBe('BYPASS');
    expect(before.votes.mentions).toEqual({});
    const mention = await through('/api/mentions/mentioned', {
      method: 'POST',
      headers: { ...member.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: member.userId, film_id: film.filmId, mentioned: true }),
    });
    expect(mention.status).toBe(201);
    // The member's own vote is there at once.
    expect((await votes()).votes.mentions).toEqual({ [String(film.filmId)]: true });

    // Public reads with a token are not taken from the cache either.
    expect(cacheStatus(await through('/api/films/allfilms', { headers: member.auth }))).toBe('BYPASS');
    // An answer the app says no-store to is asked for every time, token or not.
    const ids = [];
    for (let i = 0; i < 2; i += 1) {
      const res = await through('/api/watch/generatetempid');
      expect([res.status, cacheStatus(res), res.headers.get('cache-control')]).toEqual([200, 'MISS', 'no-store']);
      ids.push(await res.text());
    }
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('passes the live list through unbuffered: a vote through nginx reaches an open stream as an event', async () => {
    const film = await createFilm(t.app);
    const member = await createMember(t.app);
    const events = await openStream(nginx?.url ?? '', '/api/films/events');
    try {
      expect(events.status).toBe(200);
      expect(events.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(events.headers['cache-control']).toBe('no-store, no-transform');
      const first = await events.nextEvent(5000);
      const vote = await through('/api/ratings/rate', {
        method: 'POST',
        headers: { ...member.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ user_id: member.userId, film_id: film.filmId, rating: 6 }),
      });
      expect(vote.status).toBe(201);
      // Whichever instance holds the stream, the vote reaches it as an event within the pace of one a second; the version it
      // names, read by its own address, has the vote in it (an event just before may name the film's arrival).
      const votedAt = performance.now();
      let ratings: number | undefined;
      while (ratings !== 1) {
        const next = await events.nextEvent(Math.max(1, votedAt + 3000 - performance.now()));
        expect(next.data).not.toBe(first.data);
        // Every open page told of it asks at once, by the address the web app builds (URLSearchParams): one URL, and one
        // request of them all reaches an instance.
        const versioned = `/api/films/allfilms?${new URLSearchParams({ v: next.data }).toString()}`;
        const answers = await Promise.all(Array.from({ length: 10 }, () => through(versioned)));
        expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 10 }, () => 200));
        const bodies = new Set(await Promise.all(answers.map((answer) => answer.text())));
        expect(bodies.size).toBe(1);
        const lines = await logged(nginx, (request) => request.path === versioned, 10);
        expect(lines).toHaveLength(10);
        expect(lines.filter((request) => request.upstreams.length > 0)).toHaveLength(1);
        ratings = filmList.parse(JSON.parse([...bodies][0] ?? '')).films.find((f) => f.film_id === film.filmId)?.r;
      }
    } finally {
      events.close();
    }
  });

  it('passes a 503 to the client and keeps sending that instance requests: an instance that sheds load is not taken out', async () => {
    if (!relay || !failing) throw new Error('no relay');
    relay.mode = 'pass';
    // The third instance holds one live stream at most: this one, straight to it, fills it.
    const opened: OpenedStream[] = [await openStream(servers[2]?.url ?? '', '/api/films/events')];
    try {
      expect(opened[0]?.status).toBe(200);
      // Streams through nginx, until one meets the full instance (the others open on the second).
      let refused: OpenedStream | undefined;
      for (let i = 0; i < 4 && !refused; i += 1) {
        const stream = await openStream(failing.url, '/api/films/events');
        opened.push(stream);
        if (stream.status !== 200) refused = stream;
      }
      expect(refused?.status).toBe(503);
      expect(refused?.headers['retry-after']).toBe('5');
      expect((await lastLogged(failing, 'GET', '/api/films/events'))?.upstreams).toEqual([relay.host]);

      // Within the 5 s a failure would take it out for, reads still reach it: half of them, by round robin.
      const film = await createFilm(t.app);
      const read = `/api/films/checkfilm?title=${encodeURIComponent(film.title)}&release_year=${film.releaseYear}`;
      const before = relay.requests.length;
      for (let i = 0; i < 4; i += 1) expect((await throughFailing(read)).status).toBe(200);
      expect(relay.requests.slice(before)).toEqual([`GET ${read}`, `GET ${read}`]);
    } finally {
      for (const stream of opened) stream.close();
    }
  });

  it('sends a read that an instance broke off to another instance', async () => {
    if (!relay || !failing) throw new Error('no relay');
    relay.mode = 'drop-answer';
    const film = await createFilm(t.app);
    const read = `/api/films/checkfilm?title=${encodeURIComponent(film.title)}&release_year=${film.releaseYear}`;
    const answers: number[] = [];
    await until(async () => {
      const res = await throughFailing(read);
      answers.push(res.status);
      expect(await res.json()).toEqual({ exists: true });
      return relay?.requests.includes(`GET ${read}`) ?? false;
    }, 8000);
    expect(new Set(answers)).toEqual(new Set([200]));
    expect((await lastLogged(failing, 'GET', read, answers.length))?.upstreams).toEqual([relay.host, hostOf(servers[1])]);
  });

  it('never sends a PUT or a DELETE that an instance may have made to another instance', async () => {
    if (!relay || !failing) throw new Error('no relay');
    relay.mode = 'drop-answer';
    const newPassword = 'a new password that is long enough';
    // A password change that the instance makes before its connection breaks: sent again, it would be refused
    // (the current password is no longer the one it names) and counted as a wrong password.
    let member = await createMember(t.app);
    let change: Response | undefined;
    await until(async () => {
      member = await createMember(t.app);
      const sent = relay?.requests.length ?? 0;
      change = await throughFailing(`/api/users/profile/${member.userId}`, {
        method: 'PUT',
        headers: { ...member.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ password: newPassword, currentPassword: member.password }),
      });
      return (relay?.requests.length ?? 0) > sent;
    }, 8000);
    expect(change?.status).toBe(502);
    const put = `/api/users/profile/${member.userId}`;
    expect(relay.requests.filter((request) => request === `PUT ${put}`)).toHaveLength(1);
    expect((await lastLogged(failing, 'PUT', put))?.upstreams).toEqual([relay.host]);
    // It was made, once: the new password signs in.
    const login = await fetch(`${servers[1]?.url ?? ''}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: member.username, password: newPassword }),
    });
    expect(login.status).toBe(200);

    const film = await createFilm(t.app);
    const entry = `/api/me/watchlist/${film.filmId}`;
    const saved = await fetch(`${servers[1]?.url ?? ''}${entry}`, { method: 'PUT', headers: member.auth });
    expect(saved.status).toBe(201);
    let removal: Response | undefined;
    let removals = 0;
    await until(async () => {
      removal = await throughFailing(entry, { method: 'DELETE', headers: member.auth });
      removals += 1;
      return relay?.requests.includes(`DELETE ${entry}`) ?? false;
    }, 8000);
    expect(removal?.status).toBe(502);
    expect(relay.requests.filter((request) => request === `DELETE ${entry}`)).toHaveLength(1);
    expect((await lastLogged(failing, 'DELETE', entry, removals))?.upstreams).toEqual([relay.host]);
  });

  it('routes around a killed instance: reads and writes keep being answered', async () => {
    const film = await createFilm(t.app);
    const member = await createMember(t.app);
    await servers[0]?.stop('SIGKILL');
    const killed = hostOf(servers[0]);
    // nginx drops its kept-alive connections to the killed instance when its worker reads their close. A write sent on one
    // before that has left nginx, so nginx rightly does not send it again (502, as a write an instance broke off, below).
    // Give the worker that moment, as any time between requests does.
    await sleep(1000);
    // Writes first: one that meets the killed instance's refused connection never reached it, so it goes to the other.
    const writes: number[] = [];
    const mention = '/api/mentions/mentioned';
    const mentionLines = requestFor('POST', mention);
    const earlier = (await logged(nginx, mentionLines, 0)).length;
    let last: LoggedRequest | undefined;
    await until(async () => {
      const write = await through(mention, {
        method: 'POST',
        headers: { ...member.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ user_id: member.userId, film_id: film.filmId, mentioned: writes.length % 2 === 0 }),
      });
      writes.push(write.status);
      last = (await logged(nginx, mentionLines, earlier + writes.length)).at(-1);
      return last?.upstreams.includes(killed) ?? false;
    }, 8000);
    expect(last?.upstreams).toEqual([killed, hostOf(servers[1])]);
    expect(new Set(writes)).toEqual(new Set([201]));
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      // Answers nginx does not keep: each goes to an instance.
      const read = await through(`/api/films/checkfilm?title=${encodeURIComponent(film.title)}&release_year=${film.releaseYear}`);
      statuses.push(read.status);
      expect(await read.json()).toEqual({ exists: true });
    }
    expect(statuses).toEqual(Array.from({ length: 10 }, () => 200));
  });
});
