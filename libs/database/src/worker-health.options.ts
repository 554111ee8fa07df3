/** The settings of the {@link WorkerHealthRegistry}. */
export interface WorkerHealthOptions {
  /**
   * How long a worker may go without a successful poll before it is stale
   * (and `/readyz` names it), at least; a worker whose interval is longer is
   * given three of its intervals. `WORKER_STALE_AFTER_MS` in the hosts,
   * @default 60000
   */
  staleAfterMs?: number;
}
