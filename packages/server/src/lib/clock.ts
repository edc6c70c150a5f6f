/** Time comes from here, so tests can move it. */
export interface Clock {
  now(): Date;
  /** Runs `run` once, `ms` from now on this clock; the answer cancels it. */
  after(ms: number, run: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => new Date(),
  after: (ms, run) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
};

/** A clock tests set and advance by hand: its timers run as `advance` passes their time. */
export class ManualClock implements Clock {
  private timers: { at: number; run: () => void }[] = [];

  constructor(private current: Date = new Date()) {}
  now(): Date {
    return new Date(this.current.getTime());
  }
  after(ms: number, run: () => void): () => void {
    const timer = { at: this.current.getTime() + Math.max(0, ms), run };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }
  advance(ms: number): void {
    const target = this.current.getTime() + ms;
    // Due timers run in time order, each at its own time; a timer one of them sets runs too when due by the target.
    for (;;) {
      const due = this.timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      if (due.at > this.current.getTime()) this.current = new Date(due.at);
      due.run();
    }
    this.current = new Date(target);
  }
  set(date: Date): void {
    this.current = new Date(date.getTime());
  }
}
