import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { parseWrk, type LoadResult } from './lib.js';
import type { BenchMember } from './setup.js';

/**
 * The loads of `npm run bench:scale`, each run by Debian's wrk in its own process: plain GETs,
 * GETs over a list of paths, votes by many members (every 2xx answer recorded, so no acknowledged
 * vote can go missing unseen), and logins.
 */

const WRK = '/usr/bin/wrk';

export interface WrkRun extends LoadResult {
  /** wrk's own lines, for the failures it saw */
  socketErrors: string;
  seconds: number;
}

async function wrk(
  url: string,
  options: { threads: number; connections: number; seconds: number; script?: string; headers?: Record<string, string> },
) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-scale-wrk-'));
  const args = [`-t${options.threads}`, `-c${options.connections}`, `-d${options.seconds}s`, '--latency', '--timeout', '10s'];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}: ${value}`);
  if (options.script) {
    const file = path.join(dir, 'load.lua');
    writeFileSync(file, options.script);
    args.push('-s', file);
  }
  try {
    const { stdout } = await promisify(execFile)(WRK, [...args, url], { maxBuffer: 16 * 1024 * 1024 });
    return {
      ...parseWrk(stdout),
      socketErrors: /Socket errors: [^\n]*/.exec(stdout)?.[0] ?? 'no socket errors',
      seconds: options.seconds,
    } satisfies WrkRun;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function getLoad(
  url: string,
  options: { threads?: number; connections: number; seconds: number; headers?: Record<string, string> },
) {
  return wrk(url, { threads: options.threads ?? 2, ...options });
}

/** GETs that cycle through `paths`, from each thread in turn. */
export function pathsLoad(
  base: string,
  paths: string[],
  options: { connections: number; seconds: number; headers?: Record<string, string> },
) {
  const headers = Object.entries(options.headers ?? {})
    .map(([name, value]) => `[${JSON.stringify(name)}] = ${JSON.stringify(value)}`)
    .join(', ');
  const script = [
    `local paths = {${paths.map((p) => JSON.stringify(p)).join(',')}}`,
    'local next_thread = 0',
    'function setup(thread) thread:set("tid", next_thread); next_thread = next_thread + 1 end',
    'function init(args) n = tid * 7919 end',
    'function request()',
    '  n = n + 1',
    `  return wrk.format("GET", paths[(n % #paths) + 1], { ${headers} })`,
    'end',
  ].join('\n');
  return wrk(base, { threads: 2, connections: options.connections, seconds: options.seconds, script });
}

export type VoteKind = 'rating' | 'mention';

export interface VoteLoad {
  kind: VoteKind;
  /** signed-in members; with `films`, every (member, film) pair is voted on at most once */
  members: BenchMember[];
  films: number[];
  connections: number;
  seconds: number;
  /** X-Forwarded-For per member (straight to an instance with TRUST_PROXY=1); unset behind nginx */
  forwardedFor?: boolean;
  /**
   * Where in the walk over the (member, film) pairs to start: a warm-up at half the pairs takes other pairs
   * than the measured load that follows it on the same films (a pair is voted on at most once).
   */
  from?: number;
}

export interface Recorded {
  /** every vote answered 2xx: what the server said it stored */
  acknowledged: Array<{ userId: number; filmId: number; value: number }>;
  /** count of answers by status */
  statuses: Map<number, number>;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * Votes by many members, each request a new (member, film) pair: request n is member n mod M
 * and film (n + n div M) mod F, so consecutive requests go to different members and films, and
 * with gcd(M + 1, F) = 1 no pair comes twice within M x F requests. Each wrk thread writes the
 * body of every 2xx answer (it names the member, the film and the vote) and the status of every
 * other answer to a file of its own.
 */
export async function voteLoad(url: string, load: VoteLoad): Promise<{ run: WrkRun; recorded: Recorded }> {
  const M = load.members.length;
  const F = load.films.length;
  if (gcd(M + 1, F) !== 1) throw new Error(`members + 1 (${M + 1}) and films (${F}) must be coprime`);
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-scale-votes-'));
  const threads = 2;
  const body =
    load.kind === 'rating'
      ? `string.format('{"user_id":%d,"film_id":%d,"rating":%d}', m[1], f, 1 + (m[1] + f) % 10)`
      : `string.format('{"user_id":%d,"film_id":%d,"mentioned":%s}', m[1], f, ((m[1] + f) % 2 == 0) and "true" or "false")`;
  const path_ = load.kind === 'rating' ? '/api/ratings/rate' : '/api/mentions/mentioned';
  const script = [
    `local members = {${load.members.map((m, i) => `{${m.userId},${JSON.stringify(m.authorization)},"10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}"}`).join(',')}}`,
    `local films = {${load.films.join(',')}}`,
    'local next_thread = 0',
    'function setup(thread) thread:set("tid", next_thread); next_thread = next_thread + 1 end',
    'function init(args)',
    `  n = tid - ${threads} + ${load.from ?? 0}`,
    `  out = io.open(${JSON.stringify(dir)} .. "/thread-" .. tid .. ".log", "w")`,
    '  out:setvbuf("line")',
    'end',
    'function request()',
    `  n = n + ${threads}`,
    '  local m = members[(n % #members) + 1]',
    '  local f = films[((n + math.floor(n / #members)) % #films) + 1]',
    `  local headers = { ["content-type"] = "application/json", ["authorization"] = m[2]${load.forwardedFor ? ', ["x-forwarded-for"] = m[3]' : ''} }`,
    `  return wrk.format("POST", ${JSON.stringify(path_)}, headers, ${body})`,
    'end',
    'function response(status, headers, body)',
    '  if status >= 200 and status < 300 then out:write(body, "\\n") else out:write("status ", status, "\\n") end',
    'end',
  ].join('\n');
  try {
    const run = await wrk(url, { threads, connections: load.connections, seconds: load.seconds, script });
    const recorded: Recorded = { acknowledged: [], statuses: new Map() };
    for (const file of readdirSync(dir)) {
      for (const line of readFileSync(path.join(dir, file), 'utf8').split('\n')) {
        if (!line) continue;
        const failed = /^status (\d+)$/.exec(line);
        if (failed) {
          const status = Number(failed[1]);
          recorded.statuses.set(status, (recorded.statuses.get(status) ?? 0) + 1);
          continue;
        }
        const answer: unknown = JSON.parse(line);
        const vote = voteIn(answer);
        if (!vote) throw new Error(`a 2xx vote answer without its vote: ${line}`);
        recorded.acknowledged.push(vote);
        recorded.statuses.set(200, (recorded.statuses.get(200) ?? 0) + 1);
      }
    }
    return { run, recorded };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function voteIn(answer: unknown): { userId: number; filmId: number; value: number } | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  const vote = 'rating' in answer ? answer.rating : 'mention' in answer ? answer.mention : undefined;
  if (typeof vote !== 'object' || vote === null || !('user_id' in vote) || !('film_id' in vote)) return undefined;
  const value = 'rating' in vote ? Number(vote.rating) : 'mentioned' in vote ? (vote.mentioned ? 1 : 0) : Number.NaN;
  return { userId: Number(vote.user_id), filmId: Number(vote.film_id), value };
}

/** How many acknowledged votes the database does not hold (0: none lost). */
export async function missingVotes(databaseUrl: string, kind: VoteKind, votes: Recorded['acknowledged']): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const check =
      kind === 'rating'
        ? 'EXISTS (SELECT 1 FROM ratings r WHERE r.user_id = a.u AND r.film_id = a.f AND r.rating = a.v)'
        : 'EXISTS (SELECT 1 FROM mentions m WHERE m.user_id = a.u AND m.film_id = a.f AND m.mentioned = (a.v = 1))';
    const result = await client.query<{ missing: number }>(
      `SELECT count(*)::int AS missing FROM unnest($1::int[], $2::int[], $3::int[]) AS a(u, f, v) WHERE NOT ${check}`,
      [votes.map((v) => v.userId), votes.map((v) => v.filmId), votes.map((v) => v.value)],
    );
    return result.rows[0]?.missing ?? -1;
  } finally {
    await client.end();
  }
}

/** Logins with the members' real password, each from an address of its own (X-Forwarded-For, TRUST_PROXY=1). */
export function loginLoad(url: string, options: { usernames: string[]; password: string; connections: number; seconds: number }) {
  const script = [
    `local names = {${options.usernames.map((u) => JSON.stringify(u)).join(',')}}`,
    'local next_thread = 0',
    'function setup(thread) thread:set("tid", next_thread); next_thread = next_thread + 1 end',
    'function init(args) n = tid * 100000 end',
    'function request()',
    '  n = n + 1',
    '  local ip = string.format("10.%d.%d.%d", 100 + math.floor(n / 65536) % 100, math.floor(n / 256) % 256, n % 256)',
    `  local body = string.format('{"username":"%s","password":"${JSON.stringify(options.password).slice(1, -1)}"}', names[(n % #names) + 1])`,
    '  return wrk.format("POST", "/api/users/login", { ["content-type"] = "application/json", ["x-forwarded-for"] = ip }, body)',
    'end',
  ].join('\n');
  return wrk(url, { threads: 2, connections: options.connections, seconds: options.seconds, script });
}

/**
 * The vote function alone, run by pgbench on the same database: the database's own ceiling for it.
 * With `session`, the function is called inside the check of the member's live session, as the
 * HTTP path's one statement does (an EXISTS over sessions and users, modules/votes/vote-function.ts;
 * here by the member's id, since pgbench does not know the session's): the ceiling of the
 * statement that path sends.
 */
export async function pgbenchVotes(
  databaseUrl: string,
  options: { kind: VoteKind; memberIds: number[]; films: number[]; clients: number; seconds: number; session?: boolean },
): Promise<{ tps: number; transactions: number; failed: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-scale-pgbench-'));
  const file = path.join(dir, 'vote.sql');
  const firstMember = Math.min(...options.memberIds);
  const members = options.memberIds.length;
  const firstFilm = Math.min(...options.films);
  const vote = options.kind === 'rating' ? 'record_rating(:u, :f, :v::smallint, now())' : 'record_mention(:u, :f, :v::int = 0, now())';
  writeFileSync(
    file,
    [
      `\\set n random(0, ${members * options.films.length - 1})`,
      `\\set u ${firstMember} + :n % ${members}`,
      `\\set f ${firstFilm} + :n / ${members}`,
      // The value the HTTP load gives the same pair: a rating of 1 to 10, or heard of when even.
      options.kind === 'rating' ? '\\set v 1 + (:u + :f) % 10' : '\\set v (:u + :f) % 2',
      options.session
        ? `SELECT checked.live, CASE WHEN checked.live THEN ${vote} END FROM (SELECT EXISTS (` +
          'SELECT 1 FROM sessions s JOIN users u ON u.user_id = s.user_id ' +
          'WHERE s.user_id = :u AND s.revoked_at IS NULL AND s.expires_at > now() AND u.verified) AS live) AS checked;'
        : `SELECT ${vote};`,
      '',
    ].join('\n'),
  );
  try {
    const { stdout } = await promisify(execFile)(
      'pgbench',
      ['-n', '-M', 'prepared', '-c', String(options.clients), '-j', '2', '-T', String(options.seconds), '-f', file, databaseUrl],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1]);
    const transactions = Number(/number of transactions actually processed: (\d+)/.exec(stdout)?.[1]);
    const failed = Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0);
    return { tps, transactions, failed };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
