import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { fmt, load, median } from './lib.js';
import os from 'node:os';
import { measureCpu, rssMiB, type Instance } from './scale-cluster.js';
import type { BenchMember } from './setup.js';
import type { Figure } from './standing.js';
import { scale } from './config.js';

/**
 * The live list under load (docs/product.md §Live list): STREAMS open GET /api/films/events on one
 * instance from a few client processes (bench/stream-worker.ts); the instance's extra memory, the
 * time from a vote on another instance to the event at the last stream, and the ranked list's p99
 * on that instance while votes go on, with and without the streams (so with them, while their
 * events go out).
 */

const STREAMS = scale.streams;
const WORKERS = 4;
const READERS_PER_SECOND = 200;
/** While the readers run, a vote this often on another instance: each makes a new list, and with streams open an event to every one. */
const VOTE_EVERY_MS = 1000;

interface Worker {
  child: ChildProcess;
  next(type: string): Promise<Record<string, unknown>>;
}

function startWorker(): Worker {
  const child = fork(fileURLToPath(new URL('./stream-worker.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const waiting: Array<{ type: string; resolve: (message: Record<string, unknown>) => void }> = [];
  child.on('message', (message: Record<string, unknown>) => {
    const index = waiting.findIndex((w) => w.type === message.type);
    const [entry] = index === -1 ? [] : waiting.splice(index, 1);
    entry?.resolve(message);
  });
  return { child, next: (type) => new Promise((resolve) => waiting.push({ type, resolve })) };
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

export interface StreamFigures {
  figures: Figure[];
  /** the instance's CPU per stream told of a new version, in ms */
  eventMs: number | undefined;
  kibPerStream: number | undefined;
}

export async function streamFigures(options: {
  instance: Instance;
  databaseName: string;
  voteVia: string;
  members: BenchMember[];
  films: number[];
  step: (text: string) => void;
}): Promise<StreamFigures> {
  const { instance } = options;
  const base = instance.server.url;
  const films = [...options.films];
  const vote = async () => {
    const filmId = films.shift();
    if (filmId === undefined) throw new Error('no film left to vote on');
    const voter = options.members[filmId % options.members.length];
    if (!voter) throw new Error('no member');
    const response = await fetch(`${options.voteVia}/api/ratings/rate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: voter.authorization },
      body: JSON.stringify({ user_id: voter.userId, film_id: filmId, rating: 8 }),
    });
    if (response.status !== 201) throw new Error(`the vote answered ${response.status}`);
  };
  const readers = () =>
    load({
      url: `${base}/api/films/allfilms`,
      duration: 8,
      connections: 10,
      overallRate: READERS_PER_SECOND,
      headers: { 'accept-encoding': 'br' },
    });
  /** The readers, while a vote on another instance every VOTE_EVERY_MS changes the list (and, with streams open, tells them). */
  const readersWhileVoting = async () => {
    let voting = true;
    let votes = 0;
    const voter = (async () => {
      while (voting) {
        await vote();
        votes += 1;
        await settle(VOTE_EVERY_MS);
      }
    })();
    const result = await readers();
    voting = false;
    await voter;
    return { ...result, votes };
  };
  await readers();
  const without = await readersWhileVoting();

  const { hostname: host, port } = new URL(base);
  const workers = Array.from({ length: WORKERS }, startWorker);
  const openAll = async () => {
    const opened = await Promise.all(
      workers.map((worker, i) => {
        const answer = worker.next('opened');
        const count = Math.floor(STREAMS / WORKERS) + (i < STREAMS % WORKERS ? 1 : 0);
        worker.child.send({ type: 'open', host, port: Number(port), count, offset: i * Math.ceil(STREAMS / WORKERS) });
        return answer;
      }),
    );
    const statuses: Record<string, number> = {};
    for (const answer of opened)
      for (const [key, count] of Object.entries(answer.statuses ?? {})) statuses[key] = (statuses[key] ?? 0) + Number(count);
    return { statuses, ms: Math.max(...opened.map((answer) => Number(answer.ms))) };
  };
  try {
    await settle(2000);
    const rssBefore = rssMiB(instance.pid);
    options.step(`opening ${STREAMS.toLocaleString('en-US')} streams from ${WORKERS} processes`);
    const { statuses, ms: openMs } = await openAll();
    // Past the stream's once-a-second limit, and the instance's memory settled.
    await settle(3000);
    const rssWith = rssMiB(instance.pid);
    const openCount = statuses.open ?? 0;

    const tell = async () => {
      const marked = workers.map((worker) => worker.next('marked'));
      const told = workers.map((worker) => worker.next('told'));
      for (const worker of workers) worker.child.send({ type: 'expect', timeoutMs: 10_000 });
      await Promise.all(marked);
      const votedAt = Number(process.hrtime.bigint()) / 1e6;
      await vote();
      const arrivals: unknown[] = (await Promise.all(told)).flatMap((answer): unknown[] => (Array.isArray(answer.at) ? answer.at : []));
      const delays = arrivals.filter((at): at is number => typeof at === 'number').map((at) => at - votedAt);
      return { delays, missed: arrivals.length - delays.length };
    };
    const rounds = [];
    for (let round = 0; round < 3; round += 1) {
      // The instance's CPU from the vote until every stream was told (or 10 s passed).
      const measured = await measureCpu([instance.pid], options.databaseName, tell);
      rounds.push({ ...measured.result, cpuMs: measured.ms[0] ?? 0, load: loadAverage() });
      await settle(1500);
    }
    const told = rounds.reduce((sum, round) => sum + round.delays.length, 0);
    const eventMs = told > 0 ? rounds.reduce((sum, round) => sum + round.cpuMs, 0) / told : undefined;
    const during = await readersWhileVoting();

    const figures: Figure[] = [
      {
        figure: 'Live list: streams open on one instance',
        value: `${openCount.toLocaleString('en-US')} of ${STREAMS.toLocaleString('en-US')} in ${fmt(openMs / 1000, 1)} s`,
        how: `raw HTTP/1.1 GET /api/films/events from ${WORKERS} processes, each stream from its own address (X-Forwarded-For); answers: ${Object.entries(
          statuses,
        )
          .map(([key, count]) => `${count} ${key}`)
          .join(', ')}`,
      },
      {
        figure: 'Live list: extra memory',
        value: `${fmt(rssWith - rssBefore, 1)} MiB for ${openCount.toLocaleString('en-US')} streams (${fmt(((rssWith - rssBefore) * 1024) / Math.max(1, openCount), 1)} KiB each)`,
        how: `the instance's RSS ${fmt(rssBefore, 0)} MiB before, ${fmt(rssWith, 0)} MiB with the streams open, 3 s after the last opened: the streams themselves and the JS heap the instance grew to set up ${STREAMS.toLocaleString('en-US')} connections (target: under 100 MB for 10,000)`,
      },
      ...rounds.map((round, i) => {
        const sorted = [...round.delays].sort((a, b) => a - b);
        return {
          figure: `Live list: a vote told to every stream, round ${i + 1}`,
          value: `last of ${sorted.length.toLocaleString('en-US')} after ${fmt(sorted.at(-1) ?? Number.NaN, 0)} ms (median ${fmt(median(sorted), 0)} ms)${round.missed ? `, ${round.missed} not told within 10 s` : ''}`,
          how: `a rating on another instance (its NOTIFY reaches this one), timed from just before the POST to each stream receiving its next \`event: list\` (target: every stream within 2 s); the instance used ${fmt(round.cpuMs, 0)} ms of CPU meanwhile; load average ${round.load}`,
        };
      }),
      {
        figure: 'Live list: ranked list p99 while events go out',
        value: `${fmt(during.p99)} ms with the streams open against ${fmt(without.p99)} ms without (${fmt(during.p99 / without.p99, 2)}x); p50 ${fmt(during.p50)} against ${fmt(without.p50)} ms`,
        how: `autocannon, ${READERS_PER_SECOND} requests a second over 10 connections for 8 s, brotli, straight to that instance, while a vote on another instance every ${VOTE_EVERY_MS / 1000} s changed the list (${during.votes} and ${without.votes} votes), so with the streams open every vote sent an event to each; ${during.non2xx + during.errors} failed (without: ${without.non2xx + without.errors})`,
      },
      {
        figure: 'Live list: CPU per stream told',
        value: eventMs === undefined ? 'not measured: no stream was told' : `${fmt(eventMs * 1000, 1)} µs`,
        how: 'the instance CPU over the three rounds above, over the streams told',
      },
    ];
    return { figures, eventMs, kibPerStream: ((rssWith - rssBefore) * 1024) / Math.max(1, openCount) };
  } finally {
    for (const worker of workers) worker.child.send({ type: 'close' });
    await Promise.all(
      workers.map(
        (worker) => new Promise((resolve) => (worker.child.exitCode === null ? worker.child.on('exit', resolve) : resolve(null))),
      ),
    );
  }
}
