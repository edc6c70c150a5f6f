import { inArray } from 'drizzle-orm';
import type { Database } from '../../src/db/connection.js';
import { mentions, ratings, users } from '../../src/db/schema.js';
import { type Member } from './accounts.js';
import { MEMBER_PASSWORD, unique } from './names.js';
import { call, freshClientAddress, sleep } from './http.js';

export type WriteOp =
  | { kind: 'mention'; userId: number; filmId: number; mentioned: boolean }
  | { kind: 'rate' | 'edit'; userId: number; filmId: number; rating: number }
  | { kind: 'signup'; username: string };

export interface Outcome {
  op: WriteOp;
  /** the HTTP status, or 'no answer' when the connection failed or the request timed out */
  status: number | 'no answer';
  body: unknown;
  ms: number;
  /** Date.now() when the answer (or the failure) came */
  at: number;
}

const isAck = (o: Outcome) => typeof o.status === 'number' && o.status >= 200 && o.status < 300;
/** A 4xx is a definite refusal; a 5xx or no answer leaves the outcome unknown. */
const mayHaveCommitted = (o: Outcome) => o.status === 'no answer' || o.status >= 500;

export interface WriteLoadOptions {
  baseUrl: string;
  members: readonly Member[];
  filmIds: readonly number[];
  /** workers that keep signing up new accounts */
  signUpWorkers?: number;
  /** bound on each request */
  timeoutMs?: number;
  /** pause of each worker between two requests */
  pauseMs?: number;
  /** a worker ends at its first request without an answer (the server is gone) */
  stopOnNoAnswer?: boolean;
}

const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];
const randomRating = () => 1 + Math.floor(Math.random() * 10);

/**
 * A concurrent stream of writes over real HTTP: each member answers "heard of
 * it?" for every film in a random order, rates some and then keeps editing its
 * ratings; sign-up workers keep creating accounts. One request at a time per
 * worker, so each member's outcomes are in the order they were sent. Every
 * outcome is kept, to be compared with the database afterwards.
 */
export class WriteLoad {
  readonly outcomes: Outcome[] = [];
  private stopping = false;
  private workers: Promise<void>[] = [];

  constructor(private readonly options: WriteLoadOptions) {}

  get acknowledged(): number {
    return this.outcomes.filter(isAck).length;
  }

  start(): void {
    this.workers = [
      ...this.options.members.map((member) => this.memberWorker(member)),
      ...Array.from({ length: this.options.signUpWorkers ?? 0 }, () => this.signUpWorker()),
    ];
  }

  /** Stop sending and wait for the requests in flight. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.workers);
  }

  /** Resolves when every worker has ended by itself (stopOnNoAnswer). */
  async ended(): Promise<void> {
    await Promise.all(this.workers);
  }

  private async send(op: WriteOp, path: string, body: unknown, member?: Member): Promise<Outcome> {
    let outcome: Outcome;
    const started = performance.now();
    try {
      const answer = await call(this.options.baseUrl, path, {
        body,
        ...(member ? { token: member.token, from: member.from } : { from: freshClientAddress() }),
        ...(this.options.timeoutMs ? { timeoutMs: this.options.timeoutMs } : {}),
      });
      outcome = { op, status: answer.status, body: answer.body, ms: answer.ms, at: Date.now() };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      outcome = { op, status: 'no answer', body: message, ms: performance.now() - started, at: Date.now() };
    }
    this.outcomes.push(outcome);
    return outcome;
  }

  /** False when the worker must end. */
  private async after(outcome: Outcome): Promise<boolean> {
    if (outcome.status === 'no answer' && this.options.stopOnNoAnswer) return false;
    const pause = this.options.pauseMs ?? 0;
    // After a failure, pause a little longer: an outage must not become a busy loop.
    const wait = isAck(outcome) ? pause : Math.max(pause, 50);
    if (wait > 0) await sleep(wait);
    return !this.stopping;
  }

  private async memberWorker(member: Member): Promise<void> {
    const { userId } = member;
    const films = [...this.options.filmIds].sort(() => Math.random() - 0.5);
    const rated: number[] = [];
    for (const filmId of films) {
      if (this.stopping) return;
      const mentioned = Math.random() < 0.6;
      const op: WriteOp = { kind: 'mention', userId, filmId, mentioned };
      if (!(await this.after(await this.send(op, '/api/mentions/mentioned', { user_id: userId, film_id: filmId, mentioned }, member))))
        return;
      if (Math.random() < 0.6) {
        const rating = randomRating();
        const rate: WriteOp = { kind: 'rate', userId, filmId, rating };
        rated.push(filmId);
        if (!(await this.after(await this.send(rate, '/api/ratings/rate', { user_id: userId, film_id: filmId, rating }, member)))) return;
      }
    }
    // Then edits until stopped: each is a transaction of two statements (the rating, then S).
    while (!this.stopping) {
      const filmId = pick(rated) ?? pick(films);
      if (filmId === undefined) return;
      const rating = randomRating();
      const op: WriteOp = { kind: rated.includes(filmId) ? 'edit' : 'rate', userId, filmId, rating };
      if (op.kind === 'rate') rated.push(filmId);
      const path = op.kind === 'edit' ? '/api/ratings/edit' : '/api/ratings/rate';
      if (!(await this.after(await this.send(op, path, { user_id: userId, film_id: filmId, rating }, member)))) return;
    }
  }

  private async signUpWorker(): Promise<void> {
    while (!this.stopping) {
      const username = unique('s');
      const op: WriteOp = { kind: 'signup', username };
      const body = { username, email: `${username}@example.com`, password: MEMBER_PASSWORD };
      if (!(await this.after(await this.send(op, '/api/users/register', body)))) return;
    }
  }
}

/**
 * Compares the database with the outcomes: every acknowledged write is there
 * with its value; a write whose outcome is unknown (5xx, no answer) may or may
 * not be; nothing else is. Returns one line per difference.
 */
export async function checkAgainstDatabase(db: Database, outcomes: readonly Outcome[]): Promise<string[]> {
  const problems: string[] = [];
  const memberIds = [...new Set(outcomes.flatMap((o) => (o.op.kind === 'signup' ? [] : [o.op.userId])))];

  // Mentions: final once acknowledged.
  const expectedMentions = new Map<string, { acked: boolean; values: Set<boolean> }>();
  // Ratings: the last acknowledged value, or any value sent after it whose outcome is unknown.
  const expectedRatings = new Map<string, { acked: boolean; values: Set<number> }>();
  const signUps = new Map<string, boolean>();
  for (const o of outcomes) {
    const { op } = o;
    if (op.kind === 'signup') {
      if (isAck(o)) signUps.set(op.username, true);
      else if (mayHaveCommitted(o) && !signUps.has(op.username)) signUps.set(op.username, false);
      continue;
    }
    const key = `${op.userId}:${op.filmId}`;
    if (op.kind === 'mention') {
      const entry = expectedMentions.get(key) ?? { acked: false, values: new Set<boolean>() };
      if (isAck(o)) expectedMentions.set(key, { acked: true, values: new Set([op.mentioned]) });
      else if (mayHaveCommitted(o) && !entry.acked) expectedMentions.set(key, { acked: false, values: entry.values.add(op.mentioned) });
      continue;
    }
    const entry = expectedRatings.get(key) ?? { acked: false, values: new Set<number>() };
    if (isAck(o)) expectedRatings.set(key, { acked: true, values: new Set([op.rating]) });
    else if (mayHaveCommitted(o)) expectedRatings.set(key, { acked: entry.acked, values: entry.values.add(op.rating) });
  }

  if (memberIds.length > 0) {
    const storedMentions = await db.select().from(mentions).where(inArray(mentions.userId, memberIds));
    const seen = new Set<string>();
    for (const row of storedMentions) {
      const key = `${row.userId}:${row.filmId}`;
      seen.add(key);
      const expected = expectedMentions.get(key);
      if (!expected) problems.push(`mention ${key} is stored but was never acknowledged or in doubt`);
      else if (!expected.values.has(row.mentioned))
        problems.push(`mention ${key} is ${row.mentioned}, expected ${[...expected.values].join(' or ')}`);
    }
    for (const [key, expected] of expectedMentions) {
      if (expected.acked && !seen.has(key)) problems.push(`acknowledged mention ${key} is missing`);
    }

    const storedRatings = await db.select().from(ratings).where(inArray(ratings.userId, memberIds));
    seen.clear();
    for (const row of storedRatings) {
      const key = `${row.userId}:${row.filmId}`;
      seen.add(key);
      const expected = expectedRatings.get(key);
      if (!expected) problems.push(`rating ${key} is stored but was never acknowledged or in doubt`);
      else if (!expected.values.has(row.rating))
        problems.push(`rating ${key} is ${row.rating}, expected ${[...expected.values].join(' or ')}`);
    }
    for (const [key, expected] of expectedRatings) {
      if (expected.acked && !seen.has(key)) problems.push(`acknowledged rating ${key} is missing`);
    }
  }

  const names = [...signUps.keys()];
  if (names.length > 0) {
    const stored = new Set(
      (await db.select({ username: users.username }).from(users).where(inArray(users.username, names))).map((r) => r.username),
    );
    for (const [name, acked] of signUps) {
      if (acked && !stored.has(name)) problems.push(`acknowledged sign-up ${name} is missing`);
    }
  }
  return problems;
}

/** How the outcomes split: acknowledged, refused (4xx), failed (5xx), no answer. */
export function tally(outcomes: readonly Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const o of outcomes) {
    const key = `${o.op.kind} ${o.status === 'no answer' ? 'no answer' : `${Math.floor(o.status / 100)}xx`}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
