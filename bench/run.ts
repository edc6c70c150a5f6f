import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { get } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { hashPassword, verifyPassword } from '@filmlist/server/bench';
import {
  floodLogins,
  fmt,
  load,
  loadGenerator,
  loadUrl,
  loadVotes,
  median,
  pool,
  startBareServer,
  time,
  type VoteLoadOptions,
} from './lib.js';
import { standingFigures } from './standing.js';
import { cardFigures } from './cards.js';
import { posterFigures } from './posters.js';
import { countersOffByRecount, recomputeCounters, seedFilms, seedMembers, seedVotes, vacuum, voteCount } from './seed.js';
import { createBenchDatabase, signInMembers, uniqueAddress, type BenchMember } from './setup.js';
import { buildWhatShips, startBenchServer } from './setup.js';
import { api, benchDatabaseUrl, catalogue } from './config.js';

/**
 * npm run bench: seeds through bulk SQL, drives the real server over loopback
 * with autocannon, and prints every figure with how it was measured. Sizes can
 * be lowered for a quick look (BENCH_FILMS, BENCH_MEMBERS, BENCH_VOTES).
 */
const FILMS = catalogue.films;
const MEMBERS = catalogue.members;
const VOTES = catalogue.votes;
const DASHBOARD_FILMS = api.dashboardFilms;
const PASSWORD = 'bench password that is long enough';

interface Row {
  figure: string;
  value: string;
  how: string;
}
const rows: Row[] = [];
const report = (figure: string, value: string, how: string) => {
  rows.push({ figure, value, how });
  console.log(`  ${figure}: ${value}`);
};
const started = Date.now();
const step = (text: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${text}`);

async function getJson(url: string, headers: Record<string, string> = {}): Promise<unknown> {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

function rawBody(url: string, headers: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks)));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** Our path: the ranked list and the member's own votes, in parallel, as the web app loads them. */
async function dashboardOurs(base: string, member: BenchMember): Promise<number> {
  return time(() =>
    Promise.all([getJson(`${base}/api/films/allfilms`), getJson(`${base}/api/me/votes`, { authorization: member.authorization })]),
  );
}

/** The original client's protocol: the list, then four count calls and two check calls per film, six at a time like a browser. */
async function dashboardPerFilm(base: string, member: BenchMember): Promise<{ ms: number; requests: number }> {
  let requests = 0;
  const ms = await time(async () => {
    const list = await getJson(`${base}/api/films/allfilms`);
    requests += 1;
    const ids =
      typeof list === 'object' && list !== null && 'films' in list && Array.isArray(list.films)
        ? list.films.map((f: { film_id: number }) => f.film_id)
        : [];
    const calls = ids.flatMap((id: number) => [
      `/api/mentions/not-heard-before-count?film_id=${id}`,
      `/api/mentions/heard-not-rated-count?film_id=${id}`,
      `/api/ratings/rating-count?film_id=${id}`,
      `/api/ratings/sum-total?film_id=${id}`,
      `/api/mentions/checkmentioned?user_id=${member.userId}&film_id=${id}`,
      `/api/ratings/checkrating?user_id=${member.userId}&film_id=${id}`,
    ]);
    await pool(calls, 6, async (call) => {
      await getJson(base + call, { authorization: member.authorization });
      requests += 1;
    });
  });
  return { ms, requests };
}

async function dashboardPhase(passwordHash: string): Promise<void> {
  step(`dashboard: seeding ${DASHBOARD_FILMS} films, 2,000 members and about 50,000 votes`);
  const database = await createBenchDatabase('dashboard');
  const member = await database.use(async (db) => {
    await seedFilms(db, DASHBOARD_FILMS);
    await seedMembers(db, 2000, passwordHash);
    await seedVotes(db, 50_000, 2000, DASHBOARD_FILMS);
    await recomputeCounters(db);
    await vacuum(db);
    const [first] = await signInMembers(db, 1);
    if (!first) throw new Error('no member');
    return first;
  });
  const server = await startBenchServer(database);
  try {
    await dashboardOurs(server.url, member);
    const ours = [];
    for (let i = 0; i < 20; i += 1) ours.push(await dashboardOurs(server.url, member));
    const theirs = [];
    let requests = 0;
    for (let i = 0; i < 3; i += 1) {
      const run = await dashboardPerFilm(server.url, member);
      theirs.push(run.ms);
      requests = run.requests;
    }
    const oursMs = median(ours);
    const theirsMs = median(theirs);
    report(
      `Dashboard data, our path (${DASHBOARD_FILMS} films)`,
      `${fmt(oursMs)} ms`,
      'median of 20: GET allfilms + GET /api/me/votes in parallel, after one warm-up',
    );
    report(
      `Dashboard data, per-film protocol (${DASHBOARD_FILMS} films)`,
      `${fmt(theirsMs, 0)} ms (${requests} requests)`,
      'median of 3: allfilms, then 4 count + 2 check calls per film, 6 in flight like a browser, same server',
    );
    report('Dashboard speed-up', `${fmt(theirsMs / oursMs, 0)}x`, 'ratio of the two medians above (target: at least 100x)');
  } finally {
    await server.stop();
    await database.drop();
  }
}

async function mainPhase(passwordHash: string): Promise<void> {
  const database = await createBenchDatabase('main');
  step(`main: seeding ${FILMS} films and ${MEMBERS} members`);
  await database.use(async (db) => {
    await seedFilms(db, FILMS);
    await seedMembers(db, MEMBERS, passwordHash);
  });
  const growth: Array<{ votes: number; cold: number; cached: number }> = [];
  for (const [phase, target] of [VOTES / 100, VOTES / 10, VOTES].entries()) {
    const votes = await database.use(async (db) => {
      const have = await voteCount(db);
      step(`growth: adding votes up to about ${target.toLocaleString('en-US')} (have ${have.toLocaleString('en-US')})`);
      if (target > have) await seedVotes(db, target - have, MEMBERS, FILMS);
      // The member who votes during the cold measurement must not have rated those films yet.
      await db.execute(
        sql`DELETE FROM ratings WHERE user_id = (SELECT min(user_id) FROM users WHERE username LIKE 'bench%') AND film_id > ${FILMS - 100}`,
      );
      await recomputeCounters(db);
      await vacuum(db);
      return voteCount(db);
    });
    const [member] = await database.use((db) => signInMembers(db, 1));
    if (!member) throw new Error('no member');
    const server = await startBenchServer(database);
    try {
      // Cold: a vote invalidates the cached list; the next GET recomputes it from the film rows.
      const cold: number[] = [];
      // Films no earlier step rated, so every vote is new and really invalidates the list.
      const filmIds = Array.from({ length: 30 }, (_, i) => 1 + phase * 30 + i);
      for (const [i, filmId] of filmIds.entries()) {
        const rate = await fetch(`${server.url}/api/ratings/rate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: member.authorization, 'x-forwarded-for': uniqueAddress() },
          body: JSON.stringify({ user_id: member.userId, film_id: FILMS - filmId, rating: 5 }),
        });
        if (rate.status !== 201) throw new Error(`rate answered ${rate.status}: the cold figure needs a new vote`);
        const ms = await time(() => getJson(`${server.url}/api/films/allfilms`));
        // The first five warm the server (JIT, connections, caches) and are not counted.
        if (i >= 5) cold.push(ms);
      }
      const cached = await loadUrl(`${server.url}/api/films/allfilms`, { duration: 4, connections: 10 });
      growth.push({ votes, cold: median(cold), cached: cached.p50 });
      step(`growth at ${votes.toLocaleString('en-US')} votes: cold ${fmt(median(cold))} ms, cached p50 ${cached.p50} ms`);
    } finally {
      await server.stop();
    }
  }
  for (const g of growth) {
    report(
      `Ranked list at ${g.votes.toLocaleString('en-US')} votes`,
      `cold ${fmt(g.cold)} ms, cached p50 ${g.cached} ms`,
      `cold: median of 25 GETs each right after a vote; cached: ${loadGenerator} 4 s, 10 connections`,
    );
  }
  const first = growth[0];
  const last = growth.at(-1);
  if (first && last)
    report(
      'Ranked list growth, fewest to most votes',
      `cold ${fmt(last.cold / first.cold, 2)}x`,
      `cold latency at ${last.votes.toLocaleString('en-US')} votes over ${first.votes.toLocaleString('en-US')} (target: within 1.5x)`,
    );

  const members = await database.use((db) => signInMembers(db, Math.min(MEMBERS, 5000)));
  const server = await startBenchServer(database);
  const bodyFile = path.join(database.dataDir, 'allfilms.json');
  try {
    step('ranked list against bare node:http');
    const response = await fetch(`${server.url}/api/films/allfilms`);
    const bytes = Buffer.from(await response.arrayBuffer());
    writeFileSync(bodyFile, bytes);
    // fetch() would decode the body; the raw brotli bytes come from node:http.
    const brBytes = await rawBody(`${server.url}/api/films/allfilms`, { 'accept-encoding': 'br' });
    const brFile = path.join(database.dataDir, 'allfilms.json.br');
    writeFileSync(brFile, brBytes);
    const bare = await startBareServer(bodyFile);
    try {
      await loadUrl(`${server.url}/api/films/allfilms`, { duration: 2 });
      const ours = await loadUrl(`${server.url}/api/films/allfilms`);
      const limit = await loadUrl(bare.url);
      report(
        'Ranked list, ours',
        `${fmt(ours.requestsPerSecond, 0)} req/s, p50 ${ours.p50} ms, p99 ${ours.p99} ms`,
        `${loadGenerator} 8 s, 50 connections, ${(bytes.length / 1024).toFixed(0)} KiB body, ${ours.non2xx} non-2xx`,
      );
      report(
        'Ranked list, bare node:http, same bytes',
        `${fmt(limit.requestsPerSecond, 0)} req/s, p50 ${limit.p50} ms, p99 ${limit.p99} ms`,
        'the same load against node:http answering the bytes from memory',
      );
      report(
        'Ranked list throughput ratio',
        `${fmt(ours.requestsPerSecond / limit.requestsPerSecond, 2)}x`,
        'ours over bare, same run (target: at least 0.8x, p99 under 20 ms)',
      );
    } finally {
      bare.stop();
    }
    // What browsers get: they send Accept-Encoding, and the list goes brotli-compressed (made once per list).
    const bareBr = await startBareServer(brFile, 'br');
    try {
      const headers = { 'accept-encoding': 'br' };
      const ours = await loadUrl(`${server.url}/api/films/allfilms`, { headers });
      const limit = await loadUrl(bareBr.url, { headers });
      report(
        'Ranked list, ours, brotli',
        `${fmt(ours.requestsPerSecond, 0)} req/s, p50 ${ours.p50} ms, p99 ${ours.p99} ms`,
        `${loadGenerator} 8 s, 50 connections, Accept-Encoding: br, ${(brBytes.length / 1024).toFixed(0)} KiB body, ${ours.non2xx} non-2xx`,
      );
      report(
        'Ranked list, bare node:http, same brotli bytes',
        `${fmt(limit.requestsPerSecond, 0)} req/s, p50 ${limit.p50} ms, p99 ${limit.p99} ms`,
        'the same load against node:http answering those bytes from memory',
      );
      report(
        'Ranked list throughput ratio, brotli',
        `${fmt(ours.requestsPerSecond / limit.requestsPerSecond, 2)}x`,
        'ours over bare, same run',
      );
    } finally {
      bareBr.stop();
    }

    step('film standing');
    for (const figure of await standingFigures(server.url, 1)) report(figure.figure, figure.value, figure.how);

    step('writes: ratings and mentions by many members');
    // Ratings and mentions go to different films: a rating after a mention (or the reverse) is a
    // different write path, and a repeated (member, film) pair would measure the cheap 409.
    const ratingFilms = Array.from({ length: 200 }, (_, i) => FILMS - 500 + i);
    const mentionFilms = Array.from({ length: 200 }, (_, i) => FILMS - 300 + i);
    // And by different members: the write limit (300 a minute per account) counts both kinds.
    const half = Math.floor(members.length / 2);
    const voteLoad = (path: string, voters: BenchMember[], films: number[], body: VoteLoadOptions['body'], luaBody: string) =>
      loadVotes({ url: server.url, path, members: voters, films, body, luaBody, duration: 6, connections: 20 });
    const rates = await voteLoad(
      '/api/ratings/rate',
      members.slice(0, half),
      ratingFilms,
      (user_id, film_id) => ({ user_id, film_id, rating: 1 + (user_id % 10) }),
      `string.format('{"user_id":%d,"film_id":%d,"rating":%d}', u, f, 1 + (u % 10))`,
    );
    const mentions = await voteLoad(
      '/api/mentions/mentioned',
      members.slice(half),
      mentionFilms,
      (user_id, film_id) => ({ user_id, film_id, mentioned: user_id % 2 === 0 }),
      `string.format('{"user_id":%d,"film_id":%d,"mentioned":%s}', u, f, (u % 2 == 0) and "true" or "false")`,
    );
    report(
      'Rating writes (POST /api/ratings/rate)',
      `${fmt(rates.requestsPerSecond, 0)} req/s, p99 ${rates.p99} ms`,
      `${loadGenerator} 6 s, 20 connections, ${half} members over 200 films, ${rates.non2xx} non-2xx`,
    );
    report(
      'Mention writes (POST /api/mentions/mentioned)',
      `${fmt(mentions.requestsPerSecond, 0)} req/s, p99 ${mentions.p99} ms`,
      `the same with ${members.length - half} other members on 200 other films, ${mentions.non2xx} non-2xx`,
    );

    step('login');
    let n = 0;
    const logins = await load({
      url: server.url,
      duration: 5,
      connections: 4,
      requests: [
        {
          method: 'POST',
          path: '/api/users/login',
          setupRequest: (request) => {
            n += 1;
            return {
              ...request,
              headers: { 'content-type': 'application/json', 'x-forwarded-for': uniqueAddress() },
              body: JSON.stringify({ username: `bench${1 + (n % MEMBERS)}`, password: PASSWORD }),
            };
          },
        },
      ],
    });
    const argon = [];
    for (let i = 0; i < 10; i += 1) argon.push(await time(() => verifyPassword(passwordHash, PASSWORD)));
    report(
      'Login (POST /api/users/login)',
      `p50 ${logins.p50} ms, p99 ${logins.p99} ms, ${fmt(logins.requestsPerSecond, 0)} req/s`,
      `autocannon 5 s, 4 connections, ${logins.non2xx} non-2xx; one argon2id verify alone takes ${fmt(median(argon))} ms here: argon2 dominates, by design`,
    );
  } finally {
    await server.stop();
  }
  const off = await database.use((db) => countersOffByRecount(db));
  report(
    'Counters after the write load',
    off === 0 ? 'equal to a full recount' : `${off} films differ from a recount`,
    'every film: N, H, R, S compared with counts over mentions and ratings',
  );
  await database.drop();
}

/** Readers of the ranked list at a steady rate, as people arrive: its latency is what they feel. */
const READERS_PER_SECOND = 200;

/**
 * Strangers hammering the password check (docs/product.md §Request limits): the ranked list's
 * p99 for readers while logins for unknown usernames arrive, each from a new
 * address, so no address or account limit stops them and only the cap on
 * password work does.
 */
async function loginFloodPhase(passwordHash: string): Promise<void> {
  step('login flood: seeding 1,000 films');
  const database = await createBenchDatabase('flood');
  await database.use(async (db) => {
    await seedFilms(db, 1000);
    await seedMembers(db, 100, passwordHash);
  });
  const server = await startBenchServer(database);
  try {
    const readers = () =>
      load({
        url: `${server.url}/api/films/allfilms`,
        duration: 6,
        connections: 10,
        overallRate: READERS_PER_SECOND,
        headers: { 'accept-encoding': 'br' },
      });
    await readers();
    const idle = await readers();
    const flood = floodLogins({ url: server.url, duration: 9, connections: 40 });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const during = await readers();
    const logins = await flood;
    report(
      'Ranked list p99 under a login flood',
      `${fmt(during.p99)} ms against ${fmt(idle.p99)} ms idle (${fmt(during.p99 / idle.p99, 2)}x)`,
      `autocannon, ${READERS_PER_SECOND} requests a second over 10 connections for 6 s (brotli, 1,000 films), once idle and once while ${loadGenerator} sends logins for unknown usernames over 40 connections, each from a new address, so only the cap on password work holds them (${fmt(logins.requestsPerSecond, 0)} logins/s: 401 after a check, or 503 turned away); target within 2x`,
    );
  } finally {
    await server.stop();
    await database.drop();
  }
}

async function main(): Promise<void> {
  console.log(
    `The Film List bench: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${benchDatabaseUrl ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'embedded PGlite'}`,
  );
  step('building what ships (npm run build)');
  buildWhatShips();
  const passwordHash = await hashPassword(PASSWORD);
  // BENCH_PHASES=flood (a comma-separated list of dashboard, main, flood, cards, posters) runs only those.
  const phases = api.phases;
  if (phases.includes('dashboard')) await dashboardPhase(passwordHash);
  if (phases.includes('main')) await mainPhase(passwordHash);
  if (phases.includes('flood')) await loginFloodPhase(passwordHash);
  if (phases.includes('cards')) for (const figure of await cardFigures(step)) report(figure.figure, figure.value, figure.how);
  if (phases.includes('posters'))
    for (const figure of await posterFigures(step, passwordHash)) report(figure.figure, figure.value, figure.how);
  // The page (bench/lighthouse.ts, alone as `npm run bench:page`); BENCH_PAGE=0 leaves it out.
  if (api.withPage) {
    const { pageRows } = await import('./lighthouse.js');
    rows.push(...(await pageRows(step)));
  }
  console.log('\n| figure | value | how it was measured |\n|---|---|---|');
  for (const row of rows) console.log(`| ${row.figure} | ${row.value} | ${row.how} |`);
  console.log(`\nTotal time ${((Date.now() - started) / 1000).toFixed(0)} s.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
