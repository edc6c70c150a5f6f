import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts and does not wait for (so its answer and timing do
 * not depend on it). Failures are logged; the app waits for what is still
 * running before it closes, and tests can wait for it too.
 */
export class BackgroundWork {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(label: string, work: () => Promise<void>): void {
    const task = work()
      .catch((error: unknown) => this.log.error({ err: error }, `${label} failed`))
      .finally(() => this.running.delete(task));
    this.running.add(task);
  }

  /** Resolves once nothing started so far is still running. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
