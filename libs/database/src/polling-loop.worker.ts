import { DEFAULT_POLLING_MAX_BACKOFF_MS, pollingBackoffMs } from './polling-backoff.util';
import { WorkerHealthMessages } from './worker-health.messages';
import type { WorkerHealthRegistry } from './worker-health.registry';

/** The first pause after a failure of a loop without an interval of its own. */
const FALLBACK_BACKOFF_BASE_MS = 1000;

/** Where a {@link PollingLoop} logs (a Nest `Logger` fits). */
export interface PollingLoopLogger {
  warn(message: string): void;
  log(message: string): void;
}

/** What a {@link PollingLoop} is given. */
export interface PollingLoopOptions {
  /** The worker's name in the health registry, the readiness answer and the metrics, e.g. `executions`. */
  name: string;
  /** Pause between two polls while they succeed, in milliseconds; 0 never polls on its own (only `kick()`). */
  intervalMs: number;
  /** The longest pause between two failed polls. @default 30000 */
  maxBackoffMs?: number;
  /** The line logged for a failed poll, given the error's message; the loop adds the count and the next attempt. */
  failed(reason: string): string;
  logger: PollingLoopLogger;
  /** Where the loop reports each poll; none: unobserved. */
  health?: WorkerHealthRegistry;
  /** Random numbers for the jitter. @default Math.random */
  random?: () => number;
}

/**
 * One background loop on a timer, as `pg-boss` and BullMQ run theirs: each
 * tick is its own attempt, started from nothing (no promise chained onto the
 * last one, none kept once it failed), so a failed query costs one poll and
 * never the loop. While polls fail, the pause doubles from the interval up
 * to `maxBackoffMs`, with jitter; the first success brings the normal pace
 * back. Every outcome goes to the health registry, and the timer is unref'd,
 * so the loop alone never keeps a process alive.
 *
 * The tick answers `true` when there may be more work at once (a batch was
 * full, an execution was found): the next poll then starts without a pause.
 */
export class PollingLoop {
  private timer?: NodeJS.Timeout;
  private inFlight?: Promise<void>;
  private stopped = true;
  private failures = 0;

  constructor(
    private readonly options: PollingLoopOptions,
    private readonly tick: () => Promise<boolean | void>,
  ) {}

  /** The tick under way, if any: shutdown waits for it. */
  get running(): Promise<void> | undefined {
    return this.inFlight;
  }

  /**
   * Registers the worker and polls now, or after `delayMs`; a loop that runs
   * already is left as it is. The first poll, when it starts now, is
   * {@link running} on return, for a caller that waits for it.
   */
  start(delayMs = 0): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.options.health?.register(this.options.name, { intervalMs: this.options.intervalMs });
    if (delayMs > 0) this.schedule(delayMs);
    else this.pollNow();
  }

  /** Polls now unless a poll is under way (which will see the new work) or the loop is backing off from failures. */
  kick(): void {
    if (this.stopped || this.inFlight || this.failures > 0) return;
    this.schedule(0);
  }

  /** A sign of life during long work (a lease renewed): the worker is not stale, though it has not polled. */
  alive(): void {
    this.options.health?.succeeded(this.options.name);
  }

  /** Stops polling and waits for the tick under way, if any. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.inFlight;
    this.options.health?.unregister(this.options.name);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.pollNow();
    }, delayMs);
    this.timer.unref();
  }

  private pollNow(): void {
    this.inFlight = this.poll().finally(() => (this.inFlight = undefined));
  }

  /** One attempt; never rejects, and always plans the next one (unless stopped). */
  private async poll(): Promise<void> {
    let more: boolean;
    try {
      more = (await this.tick()) === true;
    } catch (error) {
      if (this.stopped) return;
      this.failures += 1;
      this.options.health?.failed(this.options.name);
      const delayMs = pollingBackoffMs(
        this.failures,
        // A loop that only polls when kicked still retries its failures, from a second.
        this.options.intervalMs > 0 ? this.options.intervalMs : FALLBACK_BACKOFF_BASE_MS,
        this.options.maxBackoffMs ?? DEFAULT_POLLING_MAX_BACKOFF_MS,
        this.options.random,
      );
      const reason = error instanceof Error ? error.message : String(error);
      this.options.logger.warn(WorkerHealthMessages.pollRetry(this.options.failed(reason), this.failures, delayMs));
      this.schedule(delayMs);
      return;
    }
    if (this.failures > 0) this.options.logger.log(WorkerHealthMessages.pollRecovered(this.options.name, this.failures));
    this.failures = 0;
    this.options.health?.succeeded(this.options.name);
    // The next timer fires in a later turn of the event loop, once this poll's `finally` has cleared `inFlight`.
    if (more) this.schedule(0);
    else if (this.options.intervalMs > 0) this.schedule(this.options.intervalMs);
  }
}
