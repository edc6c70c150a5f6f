import { existsSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import { get } from 'node:http';
import pg from 'pg';
import { FILMS_CHANGED_CHANNEL, hashPassword, openDatabase } from '@filmlist/server/bench';
import { startFakeTmdb, type FakeTmdb } from '@filmlist/server/test/fake-tmdb';
import type { NginxProcess } from '@filmlist/server/test/nginx';
import { fmt } from './lib.js';
import {
  checkCounters,
  checkpoint,
  cloneCatalogue,
  measureCpu,
  nginxPids,
  requireTools,
  settle,
  rssMiB,
  startInstance,
  startProxy,
  stopInstance,
  type Catalogue,
  type Instance,
} from './scale-cluster.js';
import {
  getLoad,
  loginLoad,
  missingVotes,
  pathsLoad,
  pgbenchVotes,
  voteLoad,
  type Recorded,
  type VoteKind,
  type WrkRun,
} from './scale-loads.js';
import { streamFigures } from './scale-streams.js';
import { capacityFigures } from './capacity-model.js';
import { buildWhatShips, clearSpentLimits, signInMembers, type BenchMember } from './setup.js';
import { catalogue, scale } from './config.js';

/**
 * npm run bench:scale: three instances of the build on one PostgreSQL (a clone of a seeded
 * template) and Redis, Debian's nginx with deploy/nginx.conf in front of them, and load from wrk
 * in processes of its own. Prints every figure of docs/capacity.md with how it was measured.
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server,
 * BENCH_REDIS_URL (default redis://127.0.0.1:6379/9) the Redis, BENCH_SKIP_BUILD=1 reuses the last
 * build, BENCH_SECONDS scales every load's duration (default 10).
 */

const BASE = scale.databaseUrl;
const REDIS = scale.redisUrl;
const SECONDS = scale.seconds;
/** How long each write path is warmed up before it is measured. */
const WARM_UP_SECONDS = Math.max(2, Math.round(SECONDS / 3));
const CATALOGUE: Catalogue = {
  ...catalogue,
  voters: 5000,
};
/** Films set aside for each load, so no (member, film) pair is voted on twice in a run. */
const FILMS_OF = {
  votesWithReads: 0,
  ratings: 1,
  mentions: 2,
  kill: 3,
  cpu: 4,
  pgbenchRatings: 6,
  pgbenchMentions: 7,
  ratingsDirect: 5,
  mentionsDirect: 8,
  pgbenchWithSession: 9,
} as const;
const filmRange = (block: number) => Array.from({ length: 1000 }, (_, i) => block * 1000 + i + 1);
const PASSWORD = 'bench password that is long enough';
const LIST = '/api/films/allfilms';
const BROTLI = { 'accept-encoding': 'br' };

interface Row {
  figure: string;
  value: string;
  how: string;
}
const rows: Row[] = [];
const modelRows: Row[] = [];
const report = (figure: string, value: string, how: string) => {
  rows.push({ figure, value, how });
  console.log(`  ${figure}: ${value}\n      (${how})`);
};
const started = Date.now();
const step = (text: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${text}`);
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
const perSecond = (n: number, seconds: number) => fmt(n / seconds, 0);
const statusesOf = (recorded: Recorded) =>
  [...recorded.statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${count} x ${status}`)
    .join(', ');
const wrkFailures = (run: WrkRun) => `${run.non2xx} non-2xx, ${run.socketErrors.toLowerCase()}`;

/** The nginx access log (deploy/nginx.conf's `filmlist` format) grown since `from`. */
function logSince(nginx: NginxProcess, from: number): string[] {
  const file = `${nginx.dir}/log/access.log`;
  if (!existsSync(file)) return [];
  return readFileSync(file).subarray(from).toString('utf8').split('\n').filter(Boolean);
}
const logSize = (nginx: NginxProcess) => {
  const file = `${nginx.dir}/log/access.log`;
  return existsSync(file) ? statSync(file).size : 0;
};

/** Requests for `path` that nginx passed to an instance (upstream named), and what the cache did for all of them. */
function originRequests(lines: string[], path: string): { origin: number; all: number; statuses: string } {
  let origin = 0;
  let all = 0;
  const cache = new Map<string, number>();
  for (const line of lines) {
    if (!line.includes(`"GET ${path} HTTP`)) continue;
    all += 1;
    const status = /cache=(\S+)/.exec(line)?.[1] ?? '?';
    cache.set(status, (cache.get(status) ?? 0) + 1);
    if (!/upstream=- /.test(line)) origin += 1;
  }
  const statuses = [...cache.entries()]
    .sort(([, a], [, b]) => b - a)
    .map(([status, count]) => `${status} ${count}`)
    .join(', ');
  return { origin, all, statuses };
}

function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: number }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

async function vote(base: string, member: BenchMember, filmId: number, rating: number): Promise<void> {
  const response = await fetch(`${base}/api/ratings/rate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: member.authorization },
    body: JSON.stringify({ user_id: member.userId, film_id: filmId, rating }),
  });
  if (response.status !== 201) throw new Error(`a vote answered ${response.status}: ${await response.text()}`);
}

async function membersFor(databaseUrl: string, count: number): Promise<BenchMember[]> {
  const handle = await openDatabase({ databaseUrl, dataDir: os.tmpdir() });
  try {
    // Fresh sessions and 15-minute tokens for each load; the first `voters` members by id.
    return await signInMembers(handle.db, count);
  } finally {
    await handle.close();
  }
}

type CpuKind =
  | 'listRebuild'
  | 'listRebuildGzip'
  | 'listRebuildPlain'
  | 'listReadWhole'
  | 'listFromMemory'
  | 'notModified'
  | 'filmPage'
  | 'privateRead'
  | 'vote'
  | 'login'
  | 'lookup'
  | 'card';

async function query<T extends pg.QueryResultRow>(databaseUrl: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function votesOf(databaseUrl: string, userId: number): Promise<number> {
  const [row] = await query<{ n: number }>(
    databaseUrl,
    'SELECT ((SELECT count(*) FROM ratings WHERE user_id = $1) + (SELECT count(*) FROM mentions WHERE user_id = $1))::int AS n',
    [userId],
  );
  return row?.n ?? 0;
}

async function main(): Promise<void> {
  console.log(
    `The Film List bench:scale: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${load()}`,
  );
  await requireTools();
  step('building what ships (npm run build)');
  buildWhatShips();
  const passwordHash = await hashPassword(PASSWORD);
  const database = await cloneCatalogue(BASE, CATALOGUE, passwordHash, step);
  const pgVersion = await (async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const version = (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version ?? '?';
    await client.end();
    return version;
  })();
  step(`database ${database.name} cloned (PostgreSQL ${pgVersion}); starting a fake TMDB, 3 instances and nginx`);
  const tmdb: FakeTmdb = await startFakeTmdb();
  await clearSpentLimits(REDIS);
  const env = { DATABASE_URL: database.url, REDIS_URL: REDIS, ...tmdb.env };
  const instances: Instance[] = [];
  let nginx: NginxProcess | undefined;
  try {
    for (let i = 0; i < 3; i += 1) instances.push(await startInstance(env));
    nginx = await startProxy(instances);
    const [one, two, three] = instances;
    if (!one || !two || !three) throw new Error('three instances');
    const direct = `http://${one.host}`;
    const proxy = nginx.url;
    const idleRss = instances.map((instance) => rssMiB(instance.pid));

    const runs = (phase: string) => scale.phases.includes(phase);
    let listBytes = Number.NaN;
    let loadedRss: number[] = [];
    let members: BenchMember[] = [];
    const writes: Partial<
      Record<
        VoteKind,
        {
          perSecond: number;
          directPerSecond: number;
          appMs: number;
          nginxMs: number;
          postgresMs: number;
          pgbench: number;
          pgbenchWithSession: number;
          run: WrkRun;
          recorded: Recorded;
        }
      >
    > = {};
    const cpu: Array<{ key: CpuKind; kind: string; appMs: number; postgresMs: number; how: string }> = [];

    // -- 1. list reads: through nginx, and one instance alone ---------------------------------
    if (runs('reads')) {
      step('list reads: through nginx, then one instance alone (wrk, brotli)');
      // Each instance builds its own copy of the list on its first read: warm all three, as traffic would.
      for (const instance of instances) await rawGet(`http://${instance.host}${LIST}`, BROTLI);
      const first = await rawGet(`${proxy}${LIST}`, BROTLI);
      listBytes = first.bytes;
      await getLoad(`${proxy}${LIST}`, { connections: 50, seconds: 2, headers: BROTLI });
      await getLoad(`${direct}${LIST}`, { connections: 50, seconds: 2, headers: BROTLI });
      const from = logSize(nginx);
      const viaProxy = await getLoad(`${proxy}${LIST}`, { connections: 50, seconds: SECONDS, headers: BROTLI });
      const readsLog = originRequests(logSince(nginx, from), LIST);
      const alone = await getLoad(`${direct}${LIST}`, { connections: 50, seconds: SECONDS, headers: BROTLI });
      loadedRss = instances.map((instance) => rssMiB(instance.pid));
      report(
        'List reads through nginx',
        `${fmt(viaProxy.requestsPerSecond, 0)} req/s, p50 ${viaProxy.p50} ms, p99 ${viaProxy.p99} ms`,
        `wrk 2 threads, 50 connections, ${SECONDS} s, GET ${LIST} with Accept-Encoding: br (${fmt(listBytes / 1024, 0)} KiB), ${wrkFailures(viaProxy)}`,
      );
      report(
        'List reads from one instance alone',
        `${fmt(alone.requestsPerSecond, 0)} req/s, p50 ${alone.p50} ms, p99 ${alone.p99} ms`,
        `the same wrk settings straight to one instance (the list from its memory), ${wrkFailures(alone)}`,
      );
      report(
        'List reads, nginx over one instance',
        `${fmt(viaProxy.requestsPerSecond / alone.requestsPerSecond, 2)}x`,
        'ratio of the two rates above, same run',
      );
      report(
        'Origin requests for the list, reads only',
        `${readsLog.origin} in ${SECONDS} s (${fmt(readsLog.origin / SECONDS, 2)}/s) for ${readsLog.all.toLocaleString('en-US')} reads`,
        `counted in nginx's access log (an instance named as upstream); cache: ${readsLog.statuses}. One URL and encoding, s-maxage=2: one per 2 s is 0.5/s`,
      );
    }

    // -- 2. votes while reads go on ------------------------------------------------------------
    if (runs('votes')) {
      await settle(instances.map((instance) => instance.pid));
      step('votes through nginx while reads go on');
      members = await membersFor(database.url, CATALOGUE.voters);
      const from = logSize(nginx);
      const [readsDuring, votesDuring] = await Promise.all([
        getLoad(`${proxy}${LIST}`, { threads: 1, connections: 20, seconds: SECONDS, headers: BROTLI }),
        voteLoad(proxy, { kind: 'rating', members, films: filmRange(FILMS_OF.votesWithReads), connections: 20, seconds: SECONDS }),
      ]);
      const votesLog = originRequests(logSince(nginx, from), LIST);
      const lostDuring = await missingVotes(database.url, 'rating', votesDuring.recorded.acknowledged);
      const countersAfterVotes = await checkCounters(database.url);
      report(
        'Votes through nginx while reads go on',
        `${perSecond(votesDuring.recorded.acknowledged.length, SECONDS)} votes/s (${votesDuring.recorded.acknowledged.length.toLocaleString('en-US')} acknowledged), p50 ${votesDuring.run.p50} ms, p99 ${votesDuring.run.p99} ms`,
        `wrk 20 connections, ${SECONDS} s: POST /api/ratings/rate by ${members.length.toLocaleString('en-US')} members with their own tokens, each (member, film) once over 1,000 films; answers: ${statusesOf(votesDuring.recorded)}; ${votesDuring.run.socketErrors.toLowerCase()}`,
      );
      report(
        'List reads meanwhile',
        `${fmt(readsDuring.requestsPerSecond, 0)} req/s, p50 ${readsDuring.p50} ms, p99 ${readsDuring.p99} ms`,
        `wrk 20 connections through nginx, brotli, ${wrkFailures(readsDuring)}`,
      );
      report(
        'Origin requests for the list, while votes change it',
        `${votesLog.origin} in ${SECONDS} s (${fmt(votesLog.origin / SECONDS, 2)}/s)`,
        `nginx's access log; cache: ${votesLog.statuses}`,
      );
      report(
        'Counters after the votes',
        countersAfterVotes.ok ? 'equal to a recount' : `differ: ${countersAfterVotes.line}`,
        `npm run db:check-counters on the bench's database: every film's N, H, R, S against a recount of its votes; ${lostDuring} of the acknowledged votes missing from the database`,
      );
    }

    // -- 3. write throughput: the HTTP path against the vote functions alone --------------------
    if (runs('writes')) {
      step('writes through nginx, then straight to one instance, then the vote functions alone (pgbench), one after the other');
      members = await membersFor(database.url, CATALOGUE.voters);
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
      for (const kind of ['rating', 'mention'] as const) {
        const name = kind === 'rating' ? 'Rating' : 'Mention';
        // Each load alone: from a checkpoint, the instances idle before it, and the same 20 at a time as pgbench's clients.
        // Each path warmed up first, as pgbench needs no warming: the same load for a few seconds, on pairs of the
        // same films the measured loads do not reach (their second half), so every instance has compiled the vote's code.
        const warmUp = (url: string, block: number, forwardedFor: boolean) =>
          voteLoad(url, {
            kind,
            members,
            films: filmRange(block),
            connections: 20,
            seconds: WARM_UP_SECONDS,
            forwardedFor,
            from: (members.length * 1000) / 2,
          });
        await warmUp(proxy, kind === 'rating' ? FILMS_OF.ratings : FILMS_OF.mentions, false);
        await warmUp(`http://${one.host}`, kind === 'rating' ? FILMS_OF.ratingsDirect : FILMS_OF.mentionsDirect, true);
        await checkpoint(database.url);
        await settle(instances.map((instance) => instance.pid));
        const nginxProcesses = nginxPids(nginx.dir);
        const loadBefore = load();
        const measured = await measureCpu([...instances.map((instance) => instance.pid), ...nginxProcesses], database.name, () =>
          voteLoad(proxy, {
            kind,
            members,
            films: filmRange(kind === 'rating' ? FILMS_OF.ratings : FILMS_OF.mentions),
            connections: 20,
            seconds: SECONDS,
          }),
        );
        const { run, recorded } = measured.result;
        const acknowledged = recorded.acknowledged.length;
        await checkpoint(database.url);
        await settle(instances.map((instance) => instance.pid));
        const loadDirect = load();
        const direct = await measureCpu([one.pid], database.name, () =>
          voteLoad(`http://${one.host}`, {
            kind,
            members,
            films: filmRange(kind === 'rating' ? FILMS_OF.ratingsDirect : FILMS_OF.mentionsDirect),
            connections: 20,
            seconds: SECONDS,
            forwardedFor: true,
          }),
        );
        const directAcknowledged = direct.result.recorded.acknowledged.length;
        await checkpoint(database.url);
        await settle(instances.map((instance) => instance.pid));
        const loadAlone = load();
        const memberIds = members.map((m) => m.userId);
        const alone = await measureCpu([], database.name, () =>
          pgbenchVotes(database.url, {
            kind,
            memberIds,
            films: filmRange(kind === 'rating' ? FILMS_OF.pgbenchRatings : FILMS_OF.pgbenchMentions),
            clients: 20,
            seconds: SECONDS,
          }),
        );
        await checkpoint(database.url);
        const withSession = await measureCpu([], database.name, () =>
          pgbenchVotes(database.url, {
            kind,
            memberIds,
            films: filmRange(FILMS_OF.pgbenchWithSession),
            clients: 20,
            seconds: SECONDS,
            session: true,
          }),
        );
        const pgbench = alone.result;
        const appMs = sum(measured.ms.slice(0, instances.length)) / acknowledged;
        const nginxMs = sum(measured.ms.slice(instances.length)) / acknowledged;
        const postgresMs = measured.postgresMs / acknowledged;
        const directAppMs = (direct.ms[0] ?? 0) / directAcknowledged;
        const directPostgresMs = direct.postgresMs / directAcknowledged;
        const aloneMs = alone.postgresMs / pgbench.transactions;
        const withSessionMs = withSession.postgresMs / withSession.result.transactions;
        writes[kind] = {
          perSecond: acknowledged / SECONDS,
          directPerSecond: directAcknowledged / SECONDS,
          appMs,
          nginxMs,
          postgresMs,
          pgbench: pgbench.tps,
          pgbenchWithSession: withSession.result.tps,
          run,
          recorded,
        };
        report(
          `${name} writes through nginx`,
          `${perSecond(acknowledged, SECONDS)}/s, p99 ${run.p99} ms`,
          `wrk 20 connections, ${SECONDS} s, 3 instances, after ${WARM_UP_SECONDS} s of warm-up on other pairs; answers: ${statusesOf(recorded)}; ${run.socketErrors.toLowerCase()}; load average ${loadBefore} at the start`,
        );
        report(
          `${name} writes straight to one instance`,
          `${perSecond(directAcknowledged, SECONDS)}/s, p99 ${direct.result.run.p99} ms`,
          `wrk 20 connections, ${SECONDS} s, one instance, no nginx, after ${WARM_UP_SECONDS} s of warm-up on other pairs; answers: ${statusesOf(direct.result.recorded)}; ${direct.result.run.socketErrors.toLowerCase()}; load average ${loadDirect} at the start`,
        );
        report(
          `${name} function alone (pgbench)`,
          `${fmt(pgbench.tps, 0)}/s`,
          `pgbench -M prepared, 20 clients, 2 threads, ${SECONDS} s: SELECT record_${kind}(...) on the same database, random (member, film) pairs of the same members over 1,000 other films; ${pgbench.failed} failed; load average ${loadAlone} at the start`,
        );
        report(
          `${name}: the statement the HTTP path sends (pgbench)`,
          `${fmt(withSession.result.tps, 0)}/s (${fmt(withSession.result.tps / pgbench.tps, 2)}x the function alone)`,
          `the same, each vote inside the check of the member's live session (an EXISTS over sessions and users), as the app's one statement does: the database's ceiling for the HTTP path; ${withSession.result.failed} failed`,
        );
        report(
          `${name} writes, HTTP path over the database's ceiling`,
          `${fmt(acknowledged / SECONDS / pgbench.tps, 2)}x through nginx, ${fmt(directAcknowledged / SECONDS / pgbench.tps, 2)}x straight to one instance`,
          'ratios of the rates above to the function alone, as measured one after the other with the same 20 at a time, each load after a CHECKPOINT (target: at least 0.5x)',
        );
        report(
          `${name} writes, CPU per vote: HTTP path against the function alone`,
          `through nginx ${fmt(appMs + nginxMs + postgresMs, 2)} ms (app ${fmt(appMs, 2)}, nginx ${fmt(nginxMs, 2)}, PostgreSQL ${fmt(postgresMs, 2)}); one instance ${fmt(directAppMs + directPostgresMs, 2)} ms (app ${fmt(directAppMs, 2)}, PostgreSQL ${fmt(directPostgresMs, 2)}); against ${fmt(aloneMs, 2)} ms for the function alone and ${fmt(withSessionMs, 2)} ms for the path's statement`,
          "CPU time from /proc of the instances, nginx's processes and the database's PostgreSQL backends over the acknowledged votes, and of the backends over pgbench's transactions: the ceilings when nothing else needs the cores",
        );
      }
      const countersAfterWrites = await checkCounters(database.url);
      report(
        'Counters after the write loads',
        countersAfterWrites.ok ? 'equal to a recount' : `differ: ${countersAfterWrites.line}`,
        'npm run db:check-counters',
      );
    }

    // -- 4. an instance killed mid-load ---------------------------------------------------------
    if (runs('kill')) {
      await settle(instances.map((instance) => instance.pid));
      step('an instance killed with SIGKILL mid-load');
      members = await membersFor(database.url, CATALOGUE.voters);
      const privateReader = members[0];
      if (!privateReader) throw new Error('no member');
      const killAt = Math.round((SECONDS * 1000) / 3);
      const killed = new Promise<void>((resolve) =>
        setTimeout(() => {
          three.server.child.kill('SIGKILL');
          resolve();
        }, killAt),
      );
      const [killReads, killPrivate, killVotes] = await Promise.all([
        getLoad(`${proxy}${LIST}`, { threads: 1, connections: 10, seconds: SECONDS, headers: BROTLI }),
        getLoad(`${proxy}/api/me/votes`, {
          threads: 1,
          connections: 10,
          seconds: SECONDS,
          headers: { authorization: privateReader.authorization },
        }),
        voteLoad(proxy, { kind: 'rating', members, films: filmRange(FILMS_OF.kill), connections: 20, seconds: SECONDS }),
        killed,
      ]);
      const lostAfterKill = await missingVotes(database.url, 'rating', killVotes.recorded.acknowledged);
      const countersAfterKill = await checkCounters(database.url);
      report(
        'Instance killed mid-load: acknowledged votes lost',
        `${lostAfterKill} of ${killVotes.recorded.acknowledged.length.toLocaleString('en-US')}`,
        `SIGKILL to one of 3 instances ${fmt(killAt / 1000, 1)} s into ${SECONDS} s of votes (wrk 20 connections), every 2xx answer's vote looked up in the database afterwards; counters ${countersAfterKill.ok ? 'equal to a recount' : `differ: ${countersAfterKill.line}`}`,
      );
      report(
        'Instance killed mid-load: what the voters saw',
        statusesOf(killVotes.recorded),
        `answers by status (nginx sends a write to another instance only when not a byte of it reached the killed one, so one in flight there gets 502: it may or may not have been stored); ${killVotes.run.socketErrors.toLowerCase()}`,
      );
      report(
        'Instance killed mid-load: what the readers saw',
        `list: ${killReads.total.toLocaleString('en-US')} reads, ${wrkFailures(killReads)}; private reads: ${killPrivate.total.toLocaleString('en-US')}, ${wrkFailures(killPrivate)}`,
        'wrk 10 connections each, the list (cached) and GET /api/me/votes with a token (never cached: every one reaches an instance, and a GET that fails on one is sent to another)',
      );
      await three.server.exited;
    }

    // -- 5. CPU per request kind, on one instance ----------------------------------------------
    if (runs('cpu')) {
      await settle(instances.map((instance) => instance.pid));
      step('CPU per request kind, straight to one instance (the others idle)');
      members = await membersFor(database.url, CATALOGUE.voters);
      const onOne = async (key: CpuKind, kind: string, how: string, fn: () => Promise<number>) => {
        const measured = await measureCpu([one.pid], database.name, fn);
        const count = measured.result;
        cpu.push({
          key,
          kind,
          appMs: (measured.ms[0] ?? 0) / count,
          postgresMs: measured.postgresMs / count,
          how: `${how}; ${count.toLocaleString('en-US')} requests`,
        });
      };
      const SHORT = Math.max(3, Math.round(SECONDS / 2));
      const voter = members[members.length - 1];
      if (!voter) throw new Error('no member');
      const rebuilds = async (first: number, headers: Record<string, string>) => {
        for (let i = 0; i < 20; i += 1) {
          await vote(`http://${two.host}`, voter, filmRange(FILMS_OF.cpu)[first + i] ?? 1, 7);
          await new Promise((resolve) => setTimeout(resolve, 150));
          await rawGet(`${direct}${LIST}`, headers);
        }
        return 20;
      };
      await onOne(
        'listRebuild',
        'List read, the instance makes it anew (after a vote)',
        "GET with Accept-Encoding: br right after a vote on another instance, 20 times: the voted film read again from the database (the change feed names it), the list re-ranked, copied together from each film's JSON and hashed, then brotli-compressed (the PostgreSQL share includes the vote)",
        () => rebuilds(900, BROTLI),
      );
      await onOne(
        'listRebuildGzip',
        'List read, made anew, gzip',
        'the same with Accept-Encoding: gzip: the list made after a vote and its gzip copy (level 6)',
        () => rebuilds(880, { 'accept-encoding': 'gzip' }),
      );
      await onOne(
        'listRebuildPlain',
        'List read, made anew, uncompressed',
        "the same without Accept-Encoding: the list made after a vote without the brotli copy, which is what each instance's read of the live list's version costs",
        () => rebuilds(920, {}),
      );
      await onOne(
        'listReadWhole',
        'List read whole, uncompressed (after a change naming no film)',
        `GET without Accept-Encoding 150 ms after a NOTIFY on ${FILMS_CHANGED_CHANNEL} with no films named (as demo:clear sends, and a film added or removed makes), 20 times: every film read from the database, presented, serialized, ranked and hashed`,
        async () => {
          const client = new pg.Client({ connectionString: database.url });
          await client.connect();
          try {
            for (let i = 0; i < 20; i += 1) {
              await client.query('SELECT pg_notify($1, $2)', [FILMS_CHANGED_CHANNEL, '']);
              await new Promise((resolve) => setTimeout(resolve, 150));
              await rawGet(`${direct}${LIST}`, {});
            }
          } finally {
            await client.end();
          }
          return 20;
        },
      );
      await onOne(
        'listFromMemory',
        'List read, from the instance memory',
        `wrk 10 connections, ${SHORT} s, brotli: what nginx gets on a miss when the list has not changed`,
        async () => {
          const run = await getLoad(`${direct}${LIST}`, { threads: 1, connections: 10, seconds: SHORT, headers: BROTLI });
          return run.total;
        },
      );
      const etag = (await rawGet(`${direct}${LIST}`, BROTLI)).headers.etag;
      await onOne(
        'notModified',
        'List revalidation, 304',
        `wrk 10 connections, ${SHORT} s, If-None-Match with the current ETag`,
        async () => {
          const run = await getLoad(`${direct}${LIST}`, {
            threads: 1,
            connections: 10,
            seconds: SHORT,
            headers: { ...BROTLI, 'if-none-match': String(etag) },
          });
          return run.total;
        },
      );
      const slugs = await (async () => {
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        const result = await client.query<{ slug: string }>('SELECT slug FROM films ORDER BY film_id LIMIT 1000');
        await client.end();
        return result.rows.map((row) => row.slug);
      })();
      await onOne(
        'filmPage',
        'Film page (HTML)',
        `wrk 10 connections, ${SHORT} s, GET /films/{slug} over 1,000 films, brotli`,
        async () => {
          const run = await pathsLoad(
            direct,
            slugs.map((slug) => `/films/${slug}`),
            { connections: 10, seconds: SHORT, headers: BROTLI },
          );
          return run.total;
        },
      );
      await onOne('vote', 'Vote (POST /api/ratings/rate)', `wrk 10 connections, ${SHORT} s, a new (member, film) pair each`, async () => {
        const { recorded } = await voteLoad(direct, {
          kind: 'rating',
          members,
          films: filmRange(FILMS_OF.cpu).slice(0, 800),
          connections: 10,
          seconds: SHORT,
          forwardedFor: true,
        });
        return recorded.acknowledged.length;
      });
      const reader = (await membersFor(database.url, CATALOGUE.voters + 1)).at(-1);
      if (!reader) throw new Error('no member');
      await onOne(
        'privateRead',
        "Member's own votes (GET /api/me/votes)",
        `wrk 10 connections, ${SHORT} s, a member with ${await votesOf(database.url, reader.userId)} votes, with their token (never cached)`,
        async () => {
          const run = await getLoad(`${direct}/api/me/votes`, {
            threads: 1,
            connections: 10,
            seconds: SHORT,
            headers: { ...BROTLI, authorization: reader.authorization },
          });
          return run.total - run.non2xx;
        },
      );
      await onOne(
        'login',
        'Login (POST /api/users/login)',
        `wrk 4 connections, ${SHORT} s, the right password (argon2id), each from its own address`,
        async () => {
          const run = await loginLoad(direct, {
            usernames: Array.from({ length: 2000 }, (_, i) => `bench${CATALOGUE.voters + 1 + i}`),
            password: PASSWORD,
            connections: 4,
            seconds: SHORT,
          });
          return run.total - run.non2xx;
        },
      );
      await onOne(
        'lookup',
        'Film database lookup',
        'GET /api/films/lookup by a member, against the fake TMDB on loopback, 20 times, each a new query (a search and the details of the first candidates)',
        async () => {
          for (let i = 0; i < 20; i += 1) {
            const answer = await rawGet(`${direct}/api/films/lookup?query=${encodeURIComponent(`paterson ${i}`)}`, {
              authorization: members[0]?.authorization ?? '',
            });
            if (answer.status !== 200) throw new Error(`a lookup answered ${answer.status}`);
          }
          return 20;
        },
      );
      const cardPaths: string[] = [];
      for (const slug of slugs.slice(500, 520)) {
        const page = await (await fetch(`${direct}/films/${slug}`)).text();
        const match = /<meta property="og:image" content="https?:\/\/[^/"]+(\/cards\/[^"]+)"/.exec(page);
        if (match?.[1]) cardPaths.push(match[1]);
      }
      await onOne(
        'card',
        'Share card, rendered',
        `GET /cards/{id}-{version}.png of ${cardPaths.length} films never drawn before, one at a time (satori, then resvg)`,
        async () => {
          for (const card of cardPaths) {
            const answer = await rawGet(`${direct}${card}`, {});
            if (answer.status !== 200) throw new Error(`${card} answered ${answer.status}`);
          }
          return cardPaths.length;
        },
      );
      for (const row of cpu)
        report(
          `CPU: ${row.kind}`,
          Number.isNaN(row.appMs) ? 'not measured' : `app ${fmt(row.appMs, 2)} ms, PostgreSQL ${fmt(row.postgresMs, 2)} ms`,
          `${row.how}; CPU time of the instance process (all threads) and of the database's PostgreSQL backends from /proc, over the requests`,
        );
      report(
        'CPU: vote through nginx (the full write load above)',
        `app ${fmt(writes.rating?.appMs ?? Number.NaN, 2)} ms, PostgreSQL ${fmt(writes.rating?.postgresMs ?? Number.NaN, 2)} ms per rating; mention: app ${fmt(writes.mention?.appMs ?? Number.NaN, 2)} ms, PostgreSQL ${fmt(writes.mention?.postgresMs ?? Number.NaN, 2)} ms`,
        'the 3 instances and the backends over the acknowledged votes of the full-load runs',
      );
      report(
        'Memory per instance (RSS)',
        `${idleRss.map((m) => fmt(m, 0)).join(', ')} MiB idle; ${loadedRss.map((m) => fmt(m, 0)).join(', ')} MiB after the read load`,
        '/proc/{pid}/status VmRSS of each instance: after start (ranked list not yet built), and after the read loads',
      );
    }

    // -- 6. the database on disk, and live-list streams --------------------------------------------
    const [sizes] = await query<{ votes: string; vote_bytes: string; films: string; film_bytes: string; database_bytes: string }>(
      database.url,
      `SELECT ((SELECT count(*) FROM ratings) + (SELECT count(*) FROM mentions))::text AS votes,
            (pg_total_relation_size('ratings') + pg_total_relation_size('mentions'))::text AS vote_bytes,
            (SELECT count(*) FROM films)::text AS films,
            (pg_total_relation_size('films') + pg_total_relation_size('film_facts'))::text AS film_bytes,
            pg_database_size(current_database())::text AS database_bytes`,
    );
    const bytesPerVote = Number(sizes?.vote_bytes) / Number(sizes?.votes);
    const bytesPerFilm = Number(sizes?.film_bytes) / Number(sizes?.films);
    report(
      'PostgreSQL size',
      `${fmt(Number(sizes?.database_bytes) / 2 ** 20, 0)} MiB: ${Number(sizes?.votes).toLocaleString('en-US')} votes at ${fmt(bytesPerVote, 0)} bytes each, ${Number(sizes?.films).toLocaleString('en-US')} films at ${fmt(bytesPerFilm, 0)} bytes each`,
      'pg_database_size and pg_total_relation_size (tables with their indexes) of the bench database after the loads',
    );

    let streams: Awaited<ReturnType<typeof streamFigures>> | undefined;
    if (runs('streams')) {
      step('live list: 10,000 streams on one instance');
      if (members.length === 0) members = await membersFor(database.url, CATALOGUE.voters);
      streams = await streamFigures({
        instance: one,
        databaseName: database.name,
        voteVia: `http://${two.host}`,
        members,
        films: filmRange(FILMS_OF.cpu).slice(950),
        step,
      });
      for (const figure of streams.figures) report(figure.figure, figure.value, figure.how);
    }

    if (streams && ['reads', 'writes', 'cpu', 'streams'].every(runs)) {
      const cpuOf = (key: CpuKind) => {
        const row = cpu.find((r) => r.key === key);
        return { app: row?.appMs ?? Number.NaN, pg: row?.postgresMs ?? Number.NaN };
      };
      console.log('\nThe capacity model (bench/capacity-model.ts: its assumptions, times the figures above)');
      modelRows.push(
        ...capacityFigures({
          films: CATALOGUE.films,
          cpu: {
            listRebuild: cpuOf('listRebuild'),
            listRebuildGzip: cpuOf('listRebuildGzip'),
            listRebuildPlain: cpuOf('listRebuildPlain'),
            listReadWhole: cpuOf('listReadWhole'),
            filmPage: cpuOf('filmPage'),
            privateRead: cpuOf('privateRead'),
            vote: cpuOf('vote'),
            login: cpuOf('login'),
            lookup: cpuOf('lookup'),
            card: cpuOf('card'),
          },
          streamEventMs: streams.eventMs ?? Number.NaN,
          streamKiB: streams.kibPerStream ?? Number.NaN,
          instanceIdleRssMiB: Math.max(...idleRss),
          listCopiesMiB: Math.max(0, ...loadedRss.map((rss, i) => rss - (idleRss[i] ?? rss))),
          pgbenchRatingsPerSecond: writes.rating?.pgbench ?? Number.NaN,
          pgbenchWithSessionPerSecond: writes.rating?.pgbenchWithSession ?? Number.NaN,
          httpRatingsPerSecond: writes.rating?.perSecond ?? Number.NaN,
          directRatingsPerSecond: writes.rating?.directPerSecond ?? Number.NaN,
          bytesPerVote,
          bytesPerFilm,
          listBrotliBytes: listBytes,
        }),
      );
      for (const row of modelRows) console.log(`  ${row.figure}: ${row.value}\n      (${row.how})`);
    }
  } finally {
    await nginx?.stop();
    for (const instance of instances)
      if (instance.server.child.exitCode === null && instance.server.child.signalCode === null) await stopInstance(instance);
    await tmdb.close();
    await database.drop();
  }
  console.log(`\nLoad average at the end: ${load()}`);
  console.log('\n| figure | value | how it was measured |\n|---|---|---|');
  for (const row of rows) console.log(`| ${row.figure} | ${row.value} | ${row.how} |`);
  console.log('\n| model | value | from |\n|---|---|---|');
  for (const row of modelRows) console.log(`| ${row.figure} | ${row.value} | ${row.how} |`);
  console.log(`\nTotal time ${((Date.now() - started) / 1000).toFixed(0)} s.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
