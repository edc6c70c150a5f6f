import { beforeAll, describe, expect, it } from 'vitest';
import { createFilm, createMembers, createReviewer } from '../support/factories.js';
import { UnlimitedRateLimitStore } from '../support/rate-limits.js';
import { recountedCounters, storedCounters, type Counters } from '../support/recount.js';
import { seededRandom, seedFrom } from '../support/seeded-random.js';
import { useTestApp } from '../support/test-app.js';
import { sendAll, VoteModel, type Outcome, type VoteOp } from '../support/vote-model.js';
import { onPostgres, soak, voteModelSeed } from '../support/config.js';

/**
 * docs/product.md §Vote integrity: every write that touches votes and counters (mention,
 * rate, edit, account deletion, and a reviewer removing a film) at once, over real HTTP, in random
 * interleavings from a seeded generator, with members and films overlapping
 * heavily. After each wave the counters equal a recount, no answer was a 5xx
 * (so no deadlock reached a member and the pool never ran dry: its timeouts
 * answer 503), and the database holds exactly what the answers acknowledged.
 *
 * `VOTE_MODEL_SEED` replays a run (the seed is printed). `npm run soak` runs
 * more rounds with more members. The embedded database runs one transaction
 * at a time, so there it is a smoke test, kept short.
 */

const ROUNDS = onPostgres ? (soak ? 20 : 6) : soak ? 5 : 2;
const MEMBERS = soak ? 32 : 16;
const FILMS = soak ? 4 : 3;
const seed = seedFrom(voteModelSeed);

function tally(outcomes: Outcome[]): string {
  const counts = new Map<string, number>();
  for (const { op, status } of outcomes) counts.set(`${op.kind} ${status}`, (counts.get(`${op.kind} ${status}`) ?? 0) + 1);
  return [...counts]
    .sort()
    .map(([key, n]) => `${key}: ${n}`)
    .join(', ');
}

const failures = (outcomes: Outcome[]) =>
  outcomes
    .filter((o) => o.status >= 500)
    .map((o) => `${o.op.kind} by member ${o.op.member.userId} answered ${o.status} (${o.error ?? ''})`);

/** Films whose stored counters differ from a recount of their votes. */
function drift(stored: Counters[], recounted: Counters[]): string[] {
  const show = (c: Counters | undefined) => (c ? `N=${c.n} H=${c.h} R=${c.r} S=${c.s}` : 'missing');
  const recount = new Map(recounted.map((c) => [c.filmId, c]));
  return stored
    .filter((c) => show(c) !== show(recount.get(c.filmId)))
    .map((c) => `film ${c.filmId}: stored ${show(c)}, recount ${show(recount.get(c.filmId))}`);
}

describe('votes, edits and account deletions at once (model-based)', () => {
  // One loopback address sends far more writes than a person would; the limits are not the subject here.
  const t = useTestApp({ app: { rateLimitStore: new UnlimitedRateLimitStore() } });
  let base: string;

  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it(
    `${ROUNDS} rounds of ${MEMBERS} members on ${FILMS} films: counters equal a recount, no 5xx, every answer as the model allows`,
    async () => {
      console.info(`vote model on ${t.app.database.kind}: seed ${seed} (replay with VOTE_MODEL_SEED=${seed})`);
      const random = seededRandom(seed);
      const model = new VoteModel(random, await createReviewer(t.app));
      let films: number[] = [];
      const started = performance.now();
      let requests = 0;
      let slowest = 0;

      const wave = async (round: number, name: string, ops: VoteOp[]) => {
        const outcomes = (await Promise.all(ops.map((op) => sendAll(base, op)))).flat();
        requests += outcomes.length;
        slowest = Math.max(slowest, ...outcomes.map((o) => o.ms));
        const label = `seed ${seed}, round ${round}, ${name} (${tally(outcomes)})`;
        const problems = [
          ...failures(outcomes),
          ...model.apply(outcomes),
          ...drift(await storedCounters(t.app), await recountedCounters(t.app)),
          ...(await model.verify(t.app.db)),
        ];
        expect(problems, label).toEqual([]);
      };

      for (let round = 1; round <= ROUNDS; round++) {
        // Films removed in earlier rounds are replaced, so each round votes on as many.
        films = films.filter((id) => !model.removed.has(id));
        while (films.length < FILMS) films.push((await createFilm(t.app)).filmId);
        model.add(await createMembers(t.app, MEMBERS));
        await wave(round, 'votes', model.planVotes(films));
        await wave(round, 'changes', model.planChanges(films));
      }
      console.info(
        `vote model on ${t.app.database.kind}: ${ROUNDS} rounds, ${requests} requests in ${Math.round(performance.now() - started)} ms, ` +
          `slowest answer ${Math.round(slowest)} ms`,
      );
    },
    soak ? 600_000 : 60_000,
  );

  it('the reported race: 16 members rate a film 5, then each edits it and deletes the account at once; R and S end at 0', async () => {
    const random = seededRandom(seed);
    for (let attempt = 0; attempt < (onPostgres ? 5 : 1); attempt++) {
      const film = (await createFilm(t.app)).filmId;
      const members = await createMembers(t.app, 16);
      const rated = await Promise.all(members.map((member) => sendAll(base, { kind: 'rate', member, filmId: film, rating: 5, atMs: 0 })));
      expect(rated.flat().map((o) => o.status)).toEqual(members.map(() => 201));
      // The edit to 9, and 0 to 5 ms later the deletion; the deletion checks the password first, so the edits keep coming until it answers.
      const raced = (
        await Promise.all(
          members.flatMap((member) => [
            sendAll(base, { kind: 'edit', member, filmId: film, rating: 9, atMs: 0 }),
            sendAll(base, { kind: 'delete', member, atMs: random.int(0, 5), editing: film }),
          ]),
        )
      ).flat();
      const label = `seed ${seed}, attempt ${attempt + 1} (${tally(raced)})`;
      const counters = (await storedCounters(t.app)).find((c) => c.filmId === film);
      expect({ counters, failures: failures(raced) }, label).toEqual({ counters: { filmId: film, n: 0, h: 0, r: 0, s: 0 }, failures: [] });
      expect(
        raced.filter((o) => o.op.kind === 'delete').map((o) => o.status),
        label,
      ).toEqual(members.map(() => 200));
    }
  });
});
