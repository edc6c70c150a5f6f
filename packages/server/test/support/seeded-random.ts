/**
 * A small seeded generator (mulberry32) for tests that print their seed so a
 * failing run can be replayed. Not for anything that needs real randomness.
 */
export interface SeededRandom {
  readonly seed: number;
  /** a float in [0, 1) */
  next(): number;
  /** an integer in [min, max] */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
}

export function seededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    seed,
    next,
    int,
    chance: (probability) => next() < probability,
    pick: <T>(items: readonly T[]): T => {
      const item = items[int(0, items.length - 1)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
  };
}

/** The seed given (a replay, e.g. from an environment variable), or a fresh one. */
export function seedFrom(value: string | undefined): number {
  if (value !== undefined && /^\d+$/.test(value)) return Number(value) >>> 0;
  return Math.floor(Math.random() * 4_294_967_296);
}
