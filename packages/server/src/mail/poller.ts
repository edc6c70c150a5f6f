/**
 * Runs `pass` every `intervalMs`, or soon after wake(); never two at once,
 * whether started by the timer, wake() or runNow(). `pass` gets a function
 * that says whether to keep going (false once stopped).
 */
export interface Poller<T> {
  start: () => void;
  /** Work is waiting: run a pass soon. Calls close together share one pass. */
  wake: () => void;
  /** Stop polling and wait for the pass in flight. */
  stop: () => Promise<void>;
  /** One pass now, after any in flight, whether started or not. */
  runNow: () => Promise<T>;
}

export function createPoller<T>(options: {
  intervalMs: number;
  pass: (keepGoing: () => boolean) => Promise<T>;
  done: (result: T) => void;
  failed: (error: unknown) => void;
}): Poller<T> {
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let timerIsSoon = false;
  let inFlight: Promise<void> | undefined;
  let wokenDuringPass = false;

  let queue: Promise<unknown> = Promise.resolve();
  function exclusive(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  }

  function schedule(delayMs: number): void {
    if (stopped) return;
    if (timer) {
      if (timerIsSoon) return;
      clearTimeout(timer);
    }
    timerIsSoon = delayMs === 0;
    timer = setTimeout(tick, delayMs);
    // The HTTP server keeps the process alive, not a poll.
    timer.unref();
  }

  function tick(): void {
    timer = undefined;
    wokenDuringPass = false;
    const current = exclusive(() => options.pass(() => !stopped)).then(options.done, options.failed);
    inFlight = current;
    void current.then(() => {
      if (inFlight === current) inFlight = undefined;
      schedule(wokenDuringPass ? 0 : options.intervalMs);
    });
  }

  return {
    start: () => {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    wake: () => {
      if (stopped) return;
      if (inFlight) wokenDuringPass = true;
      else schedule(0);
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await inFlight;
    },
    runNow: () => exclusive(() => options.pass(() => true)),
  };
}
