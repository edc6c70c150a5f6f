import { inArray } from 'drizzle-orm';
import { errorBody } from '@filmlist/shared/api/common';
import type { Database } from '../../src/db/connection.js';
import { mentions, ratings, users } from '../../src/db/schema.js';
import type { TestMember } from './factories.js';
import { call, sleep } from './http.js';
import type { SeededRandom } from './seeded-random.js';

/**
 * The model of the model-based vote test (security/vote-model.test.ts): what
 * each member has answered, as the server acknowledged it. A wave of requests
 * is planned from the model by a seeded generator, sent at once over HTTP,
 * and its answers are checked against the model before the model takes them
 * in; then the database must hold exactly what the model says.
 */

interface Timed {
  member: TestMember;
  /** when the request leaves, in ms from the start of the wave */
  atMs: number;
}

export type VoteOp =
  | (Timed & { kind: 'mention'; filmId: number; mentioned: boolean })
  | (Timed & { kind: 'rate'; filmId: number; rating: number })
  | (Timed & { kind: 'edit'; filmId: number; rating: number })
  /** with `editing`: the member keeps editing that film until the deletion answers */
  | (Timed & { kind: 'delete'; editing?: number })
  /** an unrelated read that needs a database connection: it must never wait for the pool in vain */
  | (Timed & { kind: 'read'; filmId: number })
  /** a reviewer removes a film, with every vote on it (docs/product.md §Reviewer tools) */
  | (Timed & { kind: 'removeFilm'; filmId: number });

export interface Outcome {
  op: VoteOp;
  status: number;
  /** the error code of a 4xx or 5xx answer, or its text when it has none */
  error?: string;
  ms: number;
}

interface MemberState {
  member: TestMember;
  deleted: boolean;
  mentions: Map<number, boolean>;
  /** the values a rating may have: one, unless edits raced each other */
  ratings: Map<number, Set<number>>;
}

/** Up to this many ms apart: the reported race was an edit and a deletion 0 to 5 ms apart. */
const SPREAD_MS = 6;

/**
 * Deletions in one wave. Each checks the password first, and a process runs
 * only a few password checks at once and queues a few more (auth/password-work.ts,
 * 503 past that); that limit is not the subject here.
 */
export const MAX_DELETIONS = 12;

export class VoteModel {
  private readonly states = new Map<number, MemberState>();
  /** films a reviewer has removed: votes on them now answer 404 */
  readonly removed = new Set<number>();

  constructor(
    private readonly random: SeededRandom,
    /** the reviewer who removes films, when the run removes any */
    private readonly reviewer?: TestMember,
  ) {}

  add(members: TestMember[]): void {
    for (const member of members) this.states.set(member.userId, { member, deleted: false, mentions: new Map(), ratings: new Map() });
  }

  private live(): MemberState[] {
    return [...this.states.values()].filter((s) => !s.deleted);
  }

  /** First answers: mentions and ratings of every film by every live member, some sent twice. */
  planVotes(filmIds: number[]): VoteOp[] {
    const r = this.random;
    const ops: VoteOp[] = [];
    const at = () => r.int(0, SPREAD_MS);
    for (const { member } of this.live()) {
      for (const filmId of filmIds) {
        const copies = (p: number) => (r.chance(0.1) ? 2 : r.chance(p) ? 1 : 0);
        for (let i = copies(0.6); i > 0; i--) ops.push({ kind: 'mention', member, filmId, mentioned: r.chance(0.5), atMs: at() });
        for (let i = copies(0.75); i > 0; i--) ops.push({ kind: 'rate', member, filmId, rating: r.int(1, 10), atMs: at() });
      }
    }
    return ops;
  }

  /** Everything at once: edits, late answers, deletions racing them, and unrelated reads. */
  planChanges(filmIds: number[]): VoteOp[] {
    const r = this.random;
    const ops: VoteOp[] = [];
    const at = () => r.int(0, SPREAD_MS);
    for (const state of this.live()) {
      const { member } = state;
      for (const filmId of state.ratings.keys()) {
        const edits = r.chance(0.7) ? r.int(1, 2) : 0;
        for (let i = 0; i < edits; i++) ops.push({ kind: 'edit', member, filmId, rating: r.int(1, 10), atMs: at() });
      }
      if (r.chance(0.4)) ops.push({ kind: 'mention', member, filmId: r.pick(filmIds), mentioned: r.chance(0.5), atMs: at() });
      if (r.chance(0.4)) ops.push({ kind: 'rate', member, filmId: r.pick(filmIds), rating: r.int(1, 10), atMs: at() });
      if (r.chance(0.1)) ops.push({ kind: 'edit', member, filmId: r.pick(filmIds), rating: r.int(1, 10), atMs: at() });
      const deletions = r.chance(0.55) ? (r.chance(0.15) ? 2 : 1) : 0;
      // The password check delays the deletion by an unknown time: an edit racing it has to keep coming.
      const editing = state.ratings.size > 0 && r.chance(0.6) ? r.pick([...state.ratings.keys()]) : undefined;
      for (let i = 0; i < deletions && ops.filter((o) => o.kind === 'delete').length < MAX_DELETIONS; i++) {
        ops.push({ kind: 'delete', member, atMs: at(), ...(i === 0 && editing !== undefined ? { editing } : {}) });
      }
      if (r.chance(0.5)) ops.push({ kind: 'read', member, filmId: r.pick(filmIds), atMs: at() });
    }
    // Now and then a reviewer removes a film while everyone votes on it.
    if (this.reviewer && filmIds.length > 1 && r.chance(0.5)) {
      ops.push({ kind: 'removeFilm', member: this.reviewer, filmId: r.pick(filmIds), atMs: at() });
    }
    return ops;
  }

  /** Checks each answer against what the model allows, then takes the acknowledged writes in. Returns the problems. */
  apply(outcomes: Outcome[]): string[] {
    const problems: string[] = [];
    const removals = outcomes.filter((o) => o.op.kind === 'removeFilm');
    const removedNow = new Set(removals.filter((o) => o.status === 200).map((o) => ('filmId' in o.op ? o.op.filmId : 0)));
    for (const { op, status, error } of removals) {
      if (status !== 200 && status !== 404)
        problems.push(`removal of film ${'filmId' in op ? op.filmId : 0} answered ${status} (${error ?? ''})`);
    }
    const byMember = new Map<number, Outcome[]>();
    for (const outcome of outcomes.filter((o) => o.op.kind !== 'removeFilm')) {
      const list = byMember.get(outcome.op.member.userId) ?? [];
      list.push(outcome);
      byMember.set(outcome.op.member.userId, list);
    }
    for (const [userId, mine] of byMember) {
      const state = this.states.get(userId);
      if (!state) throw new Error(`member ${userId} is not in the model`);
      problems.push(...this.applyMember(state, mine, removedNow));
    }
    // A removed film takes every vote on it along.
    for (const filmId of removedNow) {
      this.removed.add(filmId);
      for (const state of this.states.values()) {
        state.mentions.delete(filmId);
        state.ratings.delete(filmId);
      }
    }
    return problems;
  }

  private applyMember(state: MemberState, mine: Outcome[], removedNow: ReadonlySet<number>): string[] {
    const problems: string[] = [];
    const deletedNow = mine.filter((o) => o.op.kind === 'delete' && o.status === 200).length;
    if (deletedNow > 1) problems.push(`member ${state.member.userId}: ${deletedNow} deletions answered 200`);
    const gone = deletedNow > 0;
    const wins = (kind: 'mention' | 'rate', filmId: number) =>
      mine.filter((o) => o.op.kind === kind && o.op.filmId === filmId && o.status === 201).length;
    for (const outcome of mine) {
      const { op, status } = outcome;
      const allowed = new Set<number>(gone ? [401] : []);
      // A vote or read on a film removed in this wave may find it gone.
      if ('filmId' in op && removedNow.has(op.filmId)) allowed.add(404);
      if (op.kind === 'mention') {
        allowed.add(201);
        if (state.mentions.has(op.filmId) || wins('mention', op.filmId) > 0) allowed.add(409);
      } else if (op.kind === 'rate') {
        allowed.add(201);
        if (state.ratings.has(op.filmId) || wins('rate', op.filmId) > 0) allowed.add(409);
      } else if (op.kind === 'edit') {
        if (state.ratings.has(op.filmId) || wins('rate', op.filmId) > 0) allowed.add(200);
        if (!state.ratings.has(op.filmId) || gone) allowed.add(404);
      } else if (op.kind === 'delete') {
        allowed.add(200);
        if (gone) allowed.add(404);
      } else {
        const maybeGone = removedNow.has(op.filmId);
        allowed.clear();
        allowed.add(200);
        if (maybeGone) allowed.add(404);
      }
      if (!allowed.has(status))
        problems.push(
          `${describe(op)} answered ${status}${outcome.error ? ` (${outcome.error})` : ''}; allowed ${[...allowed].join(', ')}`,
        );
    }
    for (const filmId of new Set(mine.map((o) => ('filmId' in o.op ? o.op.filmId : 0)))) {
      if (wins('mention', filmId) > 1 || wins('rate', filmId) > 1)
        problems.push(`member ${state.member.userId}: two 201s for film ${filmId}`);
    }
    if (gone) {
      state.deleted = true;
      state.mentions.clear();
      state.ratings.clear();
      return problems;
    }
    const written = new Map<number, Set<number>>();
    for (const { op, status } of mine) {
      if (op.kind === 'mention' && status === 201) state.mentions.set(op.filmId, op.mentioned);
      if ((op.kind === 'rate' && status === 201) || (op.kind === 'edit' && status === 200)) {
        written.set(op.filmId, (written.get(op.filmId) ?? new Set()).add(op.rating));
      }
    }
    for (const [filmId, values] of written) state.ratings.set(filmId, values);
    return problems;
  }

  /** The vote rows and accounts of the model's members, compared with the model. Returns the differences. */
  async verify(db: Database): Promise<string[]> {
    const ids = [...this.states.keys()];
    const problems: string[] = [];
    const accounts = new Set((await db.select({ id: users.userId }).from(users).where(inArray(users.userId, ids))).map((u) => u.id));
    const storedMentions = await db.select().from(mentions).where(inArray(mentions.userId, ids));
    const storedRatings = await db.select().from(ratings).where(inArray(ratings.userId, ids));
    for (const [userId, state] of this.states) {
      if (accounts.has(userId) === state.deleted) problems.push(`member ${userId}: account ${state.deleted ? 'still there' : 'missing'}`);
      const m = storedMentions
        .filter((row) => row.userId === userId)
        .map((row) => `${row.filmId}:${row.mentioned}`)
        .sort();
      const expected = [...state.mentions].map(([filmId, mentioned]) => `${filmId}:${mentioned}`).sort();
      if (m.join() !== expected.join())
        problems.push(`member ${userId}: mentions ${m.join() || '-'}, acknowledged ${expected.join() || '-'}`);
      const mine = storedRatings.filter((row) => row.userId === userId);
      if (mine.length !== state.ratings.size)
        problems.push(`member ${userId}: ${mine.length} ratings stored, ${state.ratings.size} acknowledged`);
      for (const row of mine) {
        const values = state.ratings.get(row.filmId);
        if (!values?.has(row.rating))
          problems.push(
            `member ${userId}: film ${row.filmId} rated ${row.rating}, acknowledged ${[...(values ?? [])].join('/') || 'none'}`,
          );
      }
    }
    return problems;
  }
}

function describe(op: VoteOp): string {
  const who = `member ${op.member.userId}`;
  if (op.kind === 'mention') return `${who} mention ${op.filmId}=${op.mentioned}`;
  if (op.kind === 'rate' || op.kind === 'edit') return `${who} ${op.kind} ${op.filmId}=${op.rating}`;
  if (op.kind === 'delete') return `${who} delete`;
  if (op.kind === 'removeFilm') return `${who} remove film ${op.filmId}`;
  return `${who} read ${op.filmId}`;
}

/**
 * Sends one planned request at its time, as the member would over HTTP. A
 * deletion with `editing` comes back with the edits the member sent, one
 * after another, until it answered (their values cycle through the scale).
 */
export async function sendAll(base: string, op: VoteOp): Promise<Outcome[]> {
  if (op.kind !== 'delete' || op.editing === undefined) return [await send(base, op)];
  const filmId = op.editing;
  let answered = false;
  const deletion = send(base, op).finally(() => (answered = true));
  const edits: Outcome[] = [];
  await sleep(op.atMs);
  // About one edit in flight at a time, a few ms apart: a deletion's transaction takes a few ms.
  for (let k = 0; !answered && k < 400; k++) {
    edits.push(await send(base, { kind: 'edit', member: op.member, filmId, rating: (k % 10) + 1, atMs: k === 0 ? 0 : 4 }));
  }
  return [await deletion, ...edits];
}

async function send(base: string, op: VoteOp): Promise<Outcome> {
  await sleep(op.atMs);
  const { member } = op;
  const token = member.accessToken;
  const vote = { user_id: member.userId, film_id: 'filmId' in op ? op.filmId : 0 };
  // Node sends a DELETE body without framing unless told its length (it is ASCII JSON, so bytes = characters).
  const deletion = { currentPassword: member.password };
  const deletionLength = String(JSON.stringify(deletion).length);
  const answer =
    op.kind === 'mention'
      ? await call(base, '/api/mentions/mentioned', { body: { ...vote, mentioned: op.mentioned }, token })
      : op.kind === 'rate'
        ? await call(base, '/api/ratings/rate', { body: { ...vote, rating: op.rating }, token })
        : op.kind === 'edit'
          ? await call(base, '/api/ratings/edit', { body: { ...vote, rating: op.rating }, token })
          : op.kind === 'delete'
            ? await call(base, '/api/users/delete', {
                method: 'DELETE',
                body: deletion,
                token,
                headers: { 'content-length': deletionLength },
              })
            : op.kind === 'removeFilm'
              ? await call(base, `/api/films/${op.filmId}`, { method: 'DELETE', body: { reason: 'model' }, token })
              : await call(base, `/api/ratings/rating-count?film_id=${op.filmId}`);
  if (answer.status < 400) return { op, status: answer.status, ms: answer.ms };
  const parsed = errorBody.safeParse(answer.body);
  return {
    op,
    status: answer.status,
    error: parsed.success ? `${parsed.data.code}: ${parsed.data.error}` : answer.text.slice(0, 200),
    ms: answer.ms,
  };
}
