import { BeforeApplicationShutdown, Inject, Logger, OnApplicationBootstrap, Optional } from '@nestjs/common';
import { runSweep } from './batch-delete.util';
import { PollingLoop } from './polling-loop.worker';
import { WorkerHealthRegistry } from './worker-health.registry';

/** What a {@link PeriodicPruner} is told by its subclass. */
export interface PeriodicPrunerOptions {
  /** The logger's context: the subclass's name; also the worker's name in the health registry. */
  name: string;
  /** Milliseconds between sweeps after the one at start-up; 0: start-up only. */
  intervalMs: number;
  /** The warning logged when a sweep fails, given the error's message. */
  failed(reason: string): string;
}

/**
 * The shape every pruner of expired rows shares: {@link prune} once as
 * start-up ends (not awaited by it: the server listens while a backlog is
 * deleted, a batch at a time), then every `intervalMs`, on a
 * {@link PollingLoop} (unref'd, so it never keeps a process alive), stopped
 * at shutdown, where a sweep under way ends after its current batch. A
 * failed sweep (database away) is logged and tried again with backoff until
 * one succeeds; it never stops start-up. Each sweep reports to the
 * {@link WorkerHealthRegistry} when the application has one. Every replica
 * sweeps, so `prune` must be an idempotent delete.
 */
export abstract class PeriodicPruner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  /** Set by Nest when the application has a registry (a property, so the subclasses' constructors stay their own). */
  @Optional()
  @Inject(WorkerHealthRegistry)
  protected readonly workerHealth?: WorkerHealthRegistry;
  private loop?: PollingLoop;
  /** Aborted at shutdown: the sweep under way ends after its current batch (see `runSweep`). */
  private readonly stopping = new AbortController();

  protected constructor(private readonly options: PeriodicPrunerOptions) {}

  /** Deletes what expired as of `now`; what it answers is for tests and tools. */
  abstract prune(now?: Date): Promise<unknown>;

  async onApplicationBootstrap(): Promise<void> {
    this.loop ??= new PollingLoop(
      {
        name: this.options.name,
        intervalMs: this.options.intervalMs,
        failed: this.options.failed,
        logger: new Logger(this.options.name),
        health: this.workerHealth,
      },
      async () => void (await runSweep(this.stopping.signal, () => this.prune())),
    );
    // Not awaited: start-up (and /readyz) never waits for a backlog.
    this.loop.start();
  }

  /**
   * Stops before the host's database closes (its `onApplicationShutdown`): a
   * sweep under way ends after its current batch, on an open database.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping.abort();
    await this.loop?.stop();
  }
}
