/**
 * Runs `pass` now and then every `intervalMs`, one pass at a time (a slow
 * pass delays the next rather than overlapping it). `stop` ends the timer,
 * tells the running pass through `shouldStop`, and waits for it. A pass
 * handles its own errors.
 */
export function runPeriodically(pass: (shouldStop: () => boolean) => Promise<void>, intervalMs: number): { stop(): Promise<void> } {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(() => pass(() => stopped));
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
