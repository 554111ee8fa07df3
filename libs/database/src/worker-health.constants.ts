/** A worker that has not polled successfully for this long is stale, unless three of its intervals are longer. */
export const DEFAULT_WORKER_STALE_AFTER_MS = 60_000;

/** Stale after this many of a worker's own intervals, when that is longer than the floor. */
export const WORKER_STALE_INTERVALS = 3;

/** The registry's settings, under their token (see `WorkerHealthModule.forRootAsync`). */
export const WORKER_HEALTH_OPTIONS = Symbol('WorkerHealthOptions');

/** The OpenTelemetry meter and metric names of the workers' health. */
export const WORKER_METRIC = {
  meter: '@kobana/database',
  consecutiveFailures: 'kobana.worker.consecutive_failures',
  sinceSuccess: 'kobana.worker.time_since_success',
  /** The attribute naming the worker on each point. */
  nameAttribute: 'kobana.worker.name',
} as const;
