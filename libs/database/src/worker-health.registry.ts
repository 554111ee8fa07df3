import { Inject, Injectable, OnModuleDestroy, Optional } from '@nestjs/common';
import { BatchObservableCallback, metrics, ObservableGauge, ValueType } from '@opentelemetry/api';
import { WorkerHealthMessages } from './worker-health.messages';
import { DEFAULT_WORKER_STALE_AFTER_MS, WORKER_HEALTH_OPTIONS, WORKER_METRIC, WORKER_STALE_INTERVALS } from './worker-health.constants';
import type { WorkerHealth, WorkerRegistration } from './worker-health.interface';
import type { WorkerHealthOptions } from './worker-health.options';

interface Entry {
  name: string;
  intervalMs: number;
  staleAfterMs: number;
  registeredAt: number;
  lastSuccessAt?: number;
  consecutiveFailures: number;
}

/**
 * Every background worker of the application by name (the execution and
 * webhook workers, the pruners, the audit sink), with when it last polled
 * successfully and how many polls have failed since: what `/readyz` reads to
 * name a worker that stopped working, and what the
 * `kobana.worker.*` gauges export. A worker registers when it starts
 * (through `PollingLoop`), and leaves when it stops.
 */
@Injectable()
export class WorkerHealthRegistry implements OnModuleDestroy {
  private readonly workers = new Map<string, Entry>();
  private readonly staleFloorMs: number;
  private readonly failures: ObservableGauge;
  private readonly sinceSuccess: ObservableGauge;
  private readonly observe: BatchObservableCallback;

  constructor(@Optional() @Inject(WORKER_HEALTH_OPTIONS) options?: WorkerHealthOptions) {
    this.staleFloorMs = options?.staleAfterMs ?? DEFAULT_WORKER_STALE_AFTER_MS;
    const meter = metrics.getMeter(WORKER_METRIC.meter);
    this.failures = meter.createObservableGauge(WORKER_METRIC.consecutiveFailures, {
      description: 'Failed polls of a background worker since its last successful one.',
      unit: '{poll}',
      valueType: ValueType.INT,
    });
    this.sinceSuccess = meter.createObservableGauge(WORKER_METRIC.sinceSuccess, {
      description: 'Time since a background worker last polled successfully (since it started, before its first success).',
      unit: 's',
      valueType: ValueType.DOUBLE,
    });
    this.observe = (result) => {
      const now = Date.now();
      for (const worker of this.workers.values()) {
        const attributes = { [WORKER_METRIC.nameAttribute]: worker.name };
        result.observe(this.failures, worker.consecutiveFailures, attributes);
        result.observe(this.sinceSuccess, (now - (worker.lastSuccessAt ?? worker.registeredAt)) / 1000, attributes);
      }
    };
    meter.addBatchObservableCallback(this.observe, [this.failures, this.sinceSuccess]);
  }

  /**
   * Adds a worker, healthy until it has gone without a successful poll for
   * its stale time.
   * @throws Error when a worker of that name is registered already.
   */
  register(name: string, registration: WorkerRegistration, now = Date.now()): void {
    if (this.workers.has(name)) throw new Error(WorkerHealthMessages.duplicateWorker(name));
    this.workers.set(name, {
      name,
      intervalMs: registration.intervalMs,
      staleAfterMs: Math.max(this.staleFloorMs, WORKER_STALE_INTERVALS * registration.intervalMs),
      registeredAt: now,
      consecutiveFailures: 0,
    });
  }

  /** Removes a worker (it stopped); unknown names are ignored. */
  unregister(name: string): void {
    this.workers.delete(name);
  }

  /** Records a successful poll (or a sign of life during long work): the failures are over. */
  succeeded(name: string, now = Date.now()): void {
    const worker = this.workers.get(name);
    if (!worker) return;
    worker.lastSuccessAt = now;
    worker.consecutiveFailures = 0;
  }

  /** Records a failed poll. @returns the failures in a row, this one included (0 for an unknown name). */
  failed(name: string): number {
    const worker = this.workers.get(name);
    return worker ? ++worker.consecutiveFailures : 0;
  }

  has(name: string): boolean {
    return this.workers.has(name);
  }

  /** One worker's health, or `undefined` when none has that name. */
  get(name: string): WorkerHealth | undefined {
    const worker = this.workers.get(name);
    return worker && { ...worker };
  }

  /** Every registered worker's health, in the order they registered. */
  list(): WorkerHealth[] {
    return [...this.workers.values()].map((worker) => ({ ...worker }));
  }

  /** Whether `worker` has gone longer than its stale time without a successful poll. */
  isStale(worker: WorkerHealth, now = Date.now()): boolean {
    return now - (worker.lastSuccessAt ?? worker.registeredAt) > worker.staleAfterMs;
  }

  onModuleDestroy(): void {
    metrics.getMeter(WORKER_METRIC.meter).removeBatchObservableCallback(this.observe, [this.failures, this.sinceSuccess]);
  }
}
