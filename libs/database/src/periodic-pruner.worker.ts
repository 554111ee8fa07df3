import { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';

/** What a {@link PeriodicPruner} is told by its subclass. */
export interface PeriodicPrunerOptions {
  /** The logger's context: the subclass's name. */
  name: string;
  /** Milliseconds between sweeps after the one at start-up; 0: start-up only. */
  intervalMs: number;
  /** The warning logged when a sweep fails, given the error's message. */
  failed(reason: string): string;
}

/**
 * The shape every pruner of expired rows shares: {@link prune} once as
 * start-up ends (not awaited by it), then every `intervalMs` on an unref'd timer (so it never keeps a
 * process alive), stopped at shutdown. A failed sweep (database away) is
 * logged and retried at the next tick; it never stops start-up. Every replica
 * sweeps, so `prune` must be an idempotent delete.
 */
export abstract class PeriodicPruner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger: Logger;
  private timer?: NodeJS.Timeout;

  protected constructor(private readonly options: PeriodicPrunerOptions) {
    this.logger = new Logger(options.name);
  }

  /** Deletes what expired as of `now`; what it answers is for tests and tools. */
  abstract prune(now?: Date): Promise<unknown>;

  async onApplicationBootstrap(): Promise<void> {
    // Not awaited: start-up (and /readyz) never waits for a backlog; the server listens while the sweep runs, a batch at a time.
    void this.sweep();
    if (this.options.intervalMs > 0) this.timer = setInterval(() => void this.sweep(), this.options.intervalMs).unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async sweep(): Promise<void> {
    try {
      await this.prune();
    } catch (error) {
      this.logger.warn(this.options.failed(error instanceof Error ? error.message : String(error)));
    }
  }
}
