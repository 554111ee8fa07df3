import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy, Optional } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { PollingLoop, WorkerHealthRegistry } from '@kobana/database';
import { AgentOutcome } from './agent/agent-outcome.interface';
import { StatementAgent } from './agent/statement-agent.service';
import { EXECUTION_WORKER_OPTIONS, ExecutionWorkerOptions } from './execution-worker.options';
import { ExecutionEvents } from './execution-events.service';
import { ExecutionQueue } from './execution-queue.service';
import { FINISHED_STATUSES } from './execution-status.constants';

/** The worker's name in `/readyz` and the `kobana.worker.*` metrics. */
export const EXECUTION_WORKER_NAME = 'executions';

/**
 * Runs queued executions, one at a time per replica: claim, run the agent
 * (renewing the lease meanwhile), record the outcome, announce it. Every
 * replica runs one; the queue's conditional updates keep them from sharing
 * an execution. Polls run on a {@link PollingLoop}: a failed claim (the
 * database away, a permission revoked) costs that poll alone, and the next
 * ones back off until one succeeds.
 */
@Injectable()
export class ExecutionWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ExecutionWorker.name);
  /**
   * Identifies this worker's claims (`executions.worker_id`), so only it
   * completes them: `<host>:<pid>:<uuid>`. The random part alone keeps it
   * unique; the host (a pod's name) and the process first tell an operator
   * looking at a `running` execution which replica holds it.
   */
  readonly id = `${hostname()}:${process.pid}:${randomUUID()}`;
  private readonly loop: PollingLoop;
  private current?: Promise<boolean>;
  /** The execution being run, to hand back on shutdown. */
  private holding?: string;
  /** Stops renewing the lease of the execution being run. */
  private stopRenewing?: () => void;

  constructor(
    private readonly queue: ExecutionQueue,
    private readonly agent: StatementAgent,
    private readonly events: ExecutionEvents,
    @Inject(EXECUTION_WORKER_OPTIONS) private readonly options: ExecutionWorkerOptions,
    @Optional() health?: WorkerHealthRegistry,
  ) {
    this.loop = new PollingLoop(
      {
        name: EXECUTION_WORKER_NAME,
        intervalMs: options.pollMs,
        failed: (reason) => `Execution queue poll failed: ${reason}`,
        logger: this.logger,
        health,
      },
      // Drain without pausing while there is work; rest between polls when there is none.
      () => this.runOnce(),
    );
  }

  onApplicationBootstrap(): void {
    if (this.options.pollMs > 0) this.loop.start();
  }

  /**
   * Stops polling and lets the execution in hand finish for up to
   * `handBackMs`; past that, hands it back to the queue so another replica
   * runs it now rather than when the lease expires. Its late outcome is then
   * refused by `complete()` (this worker no longer holds it).
   */
  async onModuleDestroy(): Promise<void> {
    // Plans no other poll; the run in hand is waited for (or handed back) below.
    const stopping = this.loop.stop();
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      (this.current ?? Promise.resolve()).then(
        () => true,
        () => true,
      ),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), this.options.handBackMs))),
    ]);
    clearTimeout(timer);
    // A run still going at shutdown is handed back below, or dies with the process: either way the lease must not outlive it.
    this.stopRenewing?.();
    if (!finished && this.holding) {
      const id = this.holding;
      if (await this.queue.release(id, this.id)) this.logger.warn(`Execution ${id} handed back to the queue at shutdown`);
    }
    if (finished) await stopping;
  }

  /**
   * Claims and runs one execution.
   * @returns whether there was one.
   */
  runOnce(): Promise<boolean> {
    // After the run in hand, whatever became of it: chained onto its failure, every later run would fail with the same error.
    const run = this.current ? this.current.then(settled, settled).then(() => this.tick()) : this.tick();
    this.current = run;
    return run;
  }

  private async tick(): Promise<boolean> {
    const execution = await this.queue.claim(this.id, this.options.leaseMs);
    if (!execution) return false;
    this.holding = execution.id;
    const stopRenewing = (this.stopRenewing = this.keepLease(execution.id));
    let outcome: AgentOutcome;
    try {
      outcome = await this.agent.process(execution);
    } catch (error) {
      // Internals stay in the log; the execution says only that it failed.
      this.logger.error(`Execution ${execution.id} failed unexpectedly`, (error as Error).stack);
      outcome = { status: 'failed', error: 'The agent failed unexpectedly; run the task again', cost_cents: 0 };
    } finally {
      stopRenewing();
    }
    const view = await this.queue.complete(execution.id, this.id, outcome).finally(() => (this.holding = undefined));
    if (view && FINISHED_STATUSES.includes(view.status)) {
      try {
        this.events.emitFinished({ organization_id: execution.organization_id, execution: view });
      } catch (error) {
        this.logger.error(`A listener of finished executions threw: ${(error as Error).message}`);
      }
    }
    return true;
  }

  /**
   * Renews the claim every third of the lease while the agent runs, so a run
   * longer than the lease is never taken over by another replica while this
   * one is alive; a replica that dies stops renewing and its lease runs out.
   * A failed renewal (the database busy a moment) is tried again at the next
   * beat; a lost claim (cancelled, or taken over after a stall) stops the beat,
   * and `complete()` will refuse this worker's outcome.
   *
   * @returns what stops the renewals.
   */
  private keepLease(id: string): () => void {
    const beat = setInterval(
      () => {
        this.queue.renew(id, this.id, this.options.leaseMs).then(
          (held) => {
            // A renewal is a successful query: the worker is alive, though busy rather than polling.
            if (held) return this.loop.alive();
            clearInterval(beat);
            this.logger.warn(`Execution ${id}: lease lost (cancelled or taken over); this worker's outcome will be refused`);
          },
          (error: unknown) => this.logger.warn(`Execution ${id}: lease renewal failed, trying again: ${(error as Error).message}`),
        );
      },
      Math.floor(this.options.leaseMs / 3),
    );
    beat.unref();
    return () => clearInterval(beat);
  }
}

/** Ignores an outcome: what comes next runs either way. */
function settled(): void {}
