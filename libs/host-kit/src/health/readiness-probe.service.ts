import { Inject, Injectable, Optional } from '@nestjs/common';
import { WorkerHealthRegistry } from '@kobana/database';
import { HealthMessages } from './health.messages';
import { ReadinessCheck, ReadinessFailure } from './readiness-check.interface';
import { READINESS_OPTIONS, ReadinessOptions } from './readiness.options';

/** The prefix of a worker's check in the answer: `worker:executions`. */
export const WORKER_CHECK_PREFIX = 'worker:';

/** What a worker's entry in the readiness answer says. */
export interface WorkerReadiness {
  /** When its last poll succeeded (ISO 8601), or `null` before the first. */
  last_success_at: string | null;
  /** Failed polls since then. */
  consecutive_failures: number;
  /** How long it may go without a success before the replica is not ready. */
  stale_after_ms: number;
}

/** The outcome of every check, and the workers' details. */
export interface ReadinessReport {
  /** Each check by name: `ok`, or why it failed. */
  checks: Array<[string, string]>;
  workers: Record<string, WorkerReadiness>;
}

/**
 * Runs the readiness checks within one budget for the whole probe: the
 * checks run side by side, and one still running when the budget is spent
 * counts as failed (a stalled database, a pool with no free connection
 * answer "no answer within … ms" instead of holding the probe until the
 * prober gives up and sees nothing). A check still running from an earlier
 * probe is joined rather than started again, so a stalled dependency holds
 * one query of the probe's, not one per poll.
 */
@Injectable()
export class ReadinessProbe {
  private readonly running = new Map<ReadinessCheck, Promise<string>>();

  constructor(
    @Inject(READINESS_OPTIONS) private readonly options: Required<ReadinessOptions>,
    @Optional() private readonly workers?: WorkerHealthRegistry,
  ) {}

  /** The budget of one probe, in milliseconds. */
  get timeoutMs(): number {
    return this.options.timeoutMs;
  }

  async run(now = Date.now()): Promise<ReadinessReport> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = HealthMessages.timedOut(this.options.timeoutMs);
    const deadline = new Promise<string>((resolve) => (timer = setTimeout(() => resolve(timedOut), this.options.timeoutMs)));
    try {
      const checks = await Promise.all(
        this.options.checks.map(async (check) => [check.name, await Promise.race([this.outcomeOf(check), deadline])] as [string, string]),
      );
      return { checks: [...checks, ...this.workerChecks(now)], workers: this.workerDetails() };
    } finally {
      clearTimeout(timer);
    }
  }

  /** The check's outcome, from the run under way when there is one. */
  private outcomeOf(check: ReadinessCheck): Promise<string> {
    let outcome = this.running.get(check);
    if (!outcome) {
      outcome = settle(check).finally(() => this.running.delete(check));
      this.running.set(check, outcome);
    }
    return outcome;
  }

  private workerChecks(now: number): Array<[string, string]> {
    if (!this.workers) return [];
    return this.workers.list().map((worker) => {
      const stale = this.workers!.isStale(worker, now);
      const since = now - (worker.lastSuccessAt ?? worker.registeredAt);
      return [
        `${WORKER_CHECK_PREFIX}${worker.name}`,
        stale ? HealthMessages.workerStale(since, worker.lastSuccessAt !== undefined, worker.consecutiveFailures) : HealthMessages.ok(),
      ];
    });
  }

  private workerDetails(): Record<string, WorkerReadiness> {
    return Object.fromEntries(
      (this.workers?.list() ?? []).map((worker) => [
        worker.name,
        {
          last_success_at: worker.lastSuccessAt === undefined ? null : new Date(worker.lastSuccessAt).toISOString(),
          consecutive_failures: worker.consecutiveFailures,
          stale_after_ms: worker.staleAfterMs,
        },
      ]),
    );
  }
}

/** One check's outcome as text: never rejects. */
async function settle(check: ReadinessCheck): Promise<string> {
  try {
    await check.check();
    return HealthMessages.ok();
  } catch (error) {
    return error instanceof ReadinessFailure ? error.message : HealthMessages.failed();
  }
}
