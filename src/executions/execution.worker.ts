import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AgentOutcome } from './agent/agent.outcome';
import { StatementAgent } from './agent/statement.agent';
import { EXECUTION_WORKER_OPTIONS, ExecutionWorkerOptions } from './execution-worker.options';
import { ExecutionEvents } from './execution.events';
import { ExecutionQueue } from './execution.queue';
import { FINISHED_STATUSES } from './execution.status';

/**
 * Runs queued executions, one at a time per replica: claim, run the agent,
 * record the outcome, announce it. Every replica runs one; the queue's
 * conditional updates keep them from sharing an execution.
 */
@Injectable()
export class ExecutionWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ExecutionWorker.name);
  /** Identifies this worker's claims, so only it completes them. */
  readonly id = randomUUID();
  private timer?: NodeJS.Timeout;
  private current?: Promise<boolean>;
  private stopped = false;

  constructor(
    private readonly queue: ExecutionQueue,
    private readonly agent: StatementAgent,
    private readonly events: ExecutionEvents,
    @Inject(EXECUTION_WORKER_OPTIONS) private readonly options: ExecutionWorkerOptions,
  ) {}

  onApplicationBootstrap(): void {
    if (this.options.pollMs > 0) this.schedule(0);
  }

  /** Stops polling and waits for the execution in hand, so the database is not closed under it. */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.current?.catch(() => undefined);
  }

  /**
   * Claims and runs one execution.
   * @returns whether there was one.
   */
  runOnce(): Promise<boolean> {
    const run = this.current ? this.current.then(() => this.tick()) : this.tick();
    this.current = run;
    return run;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(async () => {
      let found = false;
      try {
        found = await this.runOnce();
      } catch (error) {
        if (!this.stopped) this.logger.error(`Execution queue poll failed: ${(error as Error).message}`);
      }
      // Drain without pausing while there is work; rest between polls when there is none.
      this.schedule(found ? 0 : this.options.pollMs);
    }, delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<boolean> {
    const execution = await this.queue.claim(this.id, this.options.leaseMs);
    if (!execution) return false;
    let outcome: AgentOutcome;
    try {
      outcome = await this.agent.process(execution);
    } catch (error) {
      // Internals stay in the log; the execution says only that it failed.
      this.logger.error(`Execution ${execution.id} failed unexpectedly`, (error as Error).stack);
      outcome = { status: 'failed', error: 'The agent failed unexpectedly; run the task again', cost_cents: 0 };
    }
    const view = await this.queue.complete(execution.id, this.id, outcome);
    if (view && FINISHED_STATUSES.includes(view.status)) {
      try {
        this.events.emitFinished({ organization_id: execution.organization_id, execution: view });
      } catch (error) {
        this.logger.error(`A listener of finished executions threw: ${(error as Error).message}`);
      }
    }
    return true;
  }
}
